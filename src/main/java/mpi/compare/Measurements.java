package mpi.compare;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The values measured, as printed by the benchmarks, per bench and size (in the order first
 * measured) and variant, and which variants a binding could not run ("n/a").
 */
public final class Measurements {
    /** One row of the table: a bench at one size. */
    public record Key(Bench bench, int size) {
    }

    private final Map<Key, Map<Variant, List<String>>> values = new LinkedHashMap<>();
    private final Map<Key, Set<Variant>> unavailable = new LinkedHashMap<>();
    private final Map<Key, Map<Variant, Long>> rowSizes = new LinkedHashMap<>();

    /** Records one run's value. */
    public void add(Bench bench, int size, Variant variant, String value) {
        row(bench, size).computeIfAbsent(variant, v -> new ArrayList<>()).add(value);
    }

    /**
     * Records one run's value from a row of another size: an objects API's, whose rows are
     * serialized sizes (the nearest to {@code size}).
     *
     * @param rowSize the size of the row the value is from
     */
    public void add(Bench bench, int size, Variant variant, String value, long rowSize) {
        add(bench, size, variant, value);
        rowSizes.computeIfAbsent(new Key(bench, size), k -> new LinkedHashMap<>()).put(variant, rowSize);
    }

    /**
     * @return the size of the row the variant's values at {@code key} are from (the last
     *         run's; every run of a size serializes to the same size), null when it is the
     *         key's own
     */
    public Long rowSize(Key key, Variant variant) {
        return rowSizes.getOrDefault(key, Map.of()).get(variant);
    }

    /** Records that the variant's binding cannot run it. */
    public void unavailable(Bench bench, int size, Variant variant) {
        row(bench, size);
        unavailable.computeIfAbsent(new Key(bench, size), k -> new HashSet<>()).add(variant);
    }

    /** Copies one row of {@code from}: its values and its n/a marks. */
    public void copy(Measurements from, Key key) {
        row(key.bench(), key.size()).putAll(from.values.getOrDefault(key, Map.of()));
        Map<Variant, Long> sized = from.rowSizes.get(key);
        if (sized != null) {
            rowSizes.computeIfAbsent(key, k -> new LinkedHashMap<>()).putAll(sized);
        }
        unavailable.computeIfAbsent(key, k -> new HashSet<>()).addAll(from.unavailable.getOrDefault(key, Set.of()));
    }

    /** @return the rows in the order first measured */
    public List<Key> keys() {
        return new ArrayList<>(values.keySet());
    }

    /** @return the values of a variant at a row as printed, empty if none */
    public List<String> values(Key key, Variant variant) {
        return values.getOrDefault(key, Map.of()).getOrDefault(variant, List.of());
    }

    /** @return whether the variant's binding could not run it at that row */
    public boolean isUnavailable(Key key, Variant variant) {
        return unavailable.getOrDefault(key, Set.of()).contains(variant);
    }

    /** @return the most values any variant has at any row: the runs the table's title names */
    public int maxRuns() {
        return values.values().stream().flatMap(m -> m.values().stream())
                .mapToInt(List::size).max().orElse(0);
    }

    private Map<Variant, List<String>> row(Bench bench, int size) {
        return values.computeIfAbsent(new Key(bench, size), k -> new LinkedHashMap<>());
    }
}
