package mpi.it;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The suite entries of one launch of a parameterised IT ({@link MpiRun#suite}): its runs on
 * {@code np} ranks in one API, picked from the test's tables of cases. A case row names its
 * rank count and API in two adjacent columns ({@link #where}), or applies to every launch
 * ({@link #each}).
 */
final class LaunchPlan {
    private final int np;
    private final String api;
    private final List<List<String>> entries = new ArrayList<>();

    /**
     * @param np  the launch's rank count
     * @param api the launch's API, {@code buffer} or {@code arrays}
     */
    LaunchPlan(int np, String api) {
        this.np = np;
        this.api = api;
    }

    /** Adds {@code entry(row)} for every row. */
    LaunchPlan each(String[][] rows, Function<String[], List<String>> entry) {
        for (String[] row : rows) {
            entries.add(entry.apply(row));
        }
        return this;
    }

    /**
     * Adds {@code entry(row)} for every row whose column {@code ranksColumn} is this launch's
     * rank count and the next column its API.
     */
    LaunchPlan where(String[][] rows, int ranksColumn, Function<String[], List<String>> entry) {
        for (String[] row : rows) {
            if (Integer.parseInt(row[ranksColumn]) == np && row[ranksColumn + 1].equals(api)) {
                entries.add(entry.apply(row));
            }
        }
        return this;
    }

    /** Adds the entry if {@code condition} holds. */
    LaunchPlan when(boolean condition, Supplier<List<String>> entry) {
        if (condition) {
            entries.add(entry.get());
        }
        return this;
    }

    /** @return the entries, in the order they were added, each as {@link #as} makes it */
    List<List<String>> entries() {
        return entries.stream().map(LaunchPlan::as).toList();
    }

    /**
     * An entry as a launch runs it: without the harness's JIT warm-up ({@code --jit-warmup
     * off}). These runs check tables and data, not times; ranks that outnumber the processors
     * take turns on the cores, and their warm-up never settles. The warm-up of every benchmark,
     * validated, runs in README's "suite all -c" (ReadmeCommandsIT), its rule in WarmUpIT.
     *
     * @param entry the entry as the test's table gives it
     * @return the entry the launch runs, which {@code part} finds
     */
    static List<String> as(List<String> entry) {
        List<String> off = new ArrayList<>(entry);
        off.addAll(List.of("--jit-warmup", "off"));
        return off;
    }
}
