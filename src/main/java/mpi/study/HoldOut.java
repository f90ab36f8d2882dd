package mpi.study;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The points a fit does not see: every measurement whose size or whose process count is held
 * out. A model that only interpolates its own points can reach a high R squared and still
 * predict a new process count badly; the error on these points is what ranks the models.
 *
 * @param sizes     the held-out message sizes, bytes
 * @param processes the held-out process counts
 */
public record HoldOut(Set<Long> sizes, Set<Integer> processes) {

    /** Copies the sets. */
    public HoldOut {
        sizes = Set.copyOf(sizes);
        processes = Set.copyOf(processes);
    }

    /** @return a hold-out of these sizes only */
    public static HoldOut sizes(Long... sizes) {
        return new HoldOut(Set.of(sizes), Set.of());
    }

    /** @return a hold-out of these process counts only */
    public static HoldOut processes(Integer... processes) {
        return new HoldOut(Set.of(), Set.of(processes));
    }

    /** @return whether the fit must not see this point */
    public boolean holds(Measurement m) {
        return sizes.contains(m.bytes()) || processes.contains(m.processes());
    }

    /**
     * @param all the measurements
     * @return the points to fit and the held-out points, each in the order given
     */
    public Split split(List<Measurement> all) {
        List<Measurement> fit = new ArrayList<>();
        List<Measurement> held = new ArrayList<>();
        for (Measurement m : all) {
            (holds(m) ? held : fit).add(m);
        }
        return new Split(List.copyOf(fit), List.copyOf(held));
    }

    /**
     * @param fit  the points the fit sees
     * @param held the held-out points
     */
    public record Split(List<Measurement> fit, List<Measurement> held) {
    }
}
