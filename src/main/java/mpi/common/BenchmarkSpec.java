package mpi.common;

import java.util.EnumSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import mpi.common.binding.Extension;
import mpi.common.data.ElementType;
import mpi.common.onesided.Synchronization;
import mpi.common.onesided.WindowCreation;
import mpi.common.options.Feature;
import mpi.common.options.IterationPolicy;
import mpi.common.options.MessageSizes;
import mpi.common.options.Options;
import mpi.common.options.UsageException;

/**
 * What the option parser, the usage text and the runner need to know about a kind of
 * benchmark, independent of MPI: its title, its defaults, the options it takes and how many
 * processes it runs on.
 */
public interface BenchmarkSpec {
    /** @return the test's name in the title line, e.g. {@code Latency Test} */
    String title();

    /** @return a one-line description for the usage text */
    String description();

    /** @return the message sizes when {@code -m} is not given */
    MessageSizes defaultSizes();

    /** @return the iteration counts when {@code -i} and {@code -x} are not given */
    IterationPolicy defaultIterations();

    /** @return the options beyond the common ones that the benchmark takes */
    Set<Feature> features();

    /**
     * Options of the benchmark's family that it does not take, each with the reason, so that
     * the parser refuses them in one line that says why (not as an unknown option). Like an
     * option not among {@link #features()}, such an option is left out of the usage text and
     * not passed on by a suite's group.
     *
     * @return the reason for each refused option's feature (by default none)
     */
    default Map<Feature, String> refusals() {
        return Map.of();
    }

    /**
     * Why {@code -a objects} is refused, for a benchmark without {@link Feature#OBJECTS}: the
     * rest of the line after {@code -a objects: }.
     *
     * @return the reason
     */
    default String objectsRefusal() {
        return "this benchmark sends no serialized objects (-a objects runs on osu_latency,"
                + " osu_bw, osu_bibw, osu_multi_lat and the collectives that move data)";
    }

    /**
     * Why {@code --stats} and {@code --level} are refused, for a benchmark whose rows are not
     * made of per-iteration values (a shuffle's): the rest of the line after the option's name.
     * Where they are refused, they are left out of the usage text, as an option not taken.
     *
     * @return the reason, or empty where they are taken (every benchmark by default)
     */
    default java.util.Optional<String> statisticsRefusal() {
        return Optional.empty();
    }

    /**
     * Why {@code --timing} is refused, for a benchmark without {@link Feature#TIMING}: the rest
     * of the line after {@code --timing: }.
     *
     * @return the reason
     */
    default String timingRefusal() {
        return "this benchmark times one rank's operations, as C OMB's does; --timing chooses"
                + " how a collective's call is timed over its ranks (the blocking collectives)";
    }

    /** @return the element type when {@code -T} is not given (or not taken) */
    default ElementType defaultType() {
        return ElementType.BYTE;
    }

    /** @return the window creation when {@code -w} is not given (or not taken) */
    default WindowCreation defaultWindowCreation() {
        return WindowCreation.ALLOCATE;
    }

    /** @return the synchronization when {@code -s} is not given (or not taken) */
    default Synchronization defaultSynchronization() {
        return Synchronization.FLUSH;
    }

    /** @return the synchronizations {@code -s} may name */
    default Set<Synchronization> synchronizations() {
        return EnumSet.allOf(Synchronization.class);
    }

    /**
     * @param processes the number of processes in {@code MPI.COMM_WORLD}
     * @throws UsageException if the benchmark cannot run on that many, e.g.
     *         {@code needs exactly 2 processes, got 3}
     */
    void checkProcesses(int processes) throws UsageException;

    /**
     * Checks what depends on both the options and the number of processes (a root rank, the
     * sizes left under the memory limit); called after {@link #checkProcesses}.
     *
     * @param options   the parsed options
     * @param processes the number of processes in {@code MPI.COMM_WORLD}
     * @throws UsageException if the benchmark cannot run so
     */
    default void checkOptions(Options options, int processes) throws UsageException {
    }

    /**
     * @param options the parsed options
     * @return the binding calls beyond Open MPI's Java API that the benchmark makes with these
     *         options, checked against the loaded binding before the run
     */
    default Set<Extension> extensions(Options options) {
        return Set.of();
    }

    /**
     * @param library the MPI library as the binding line names it, e.g.
     *                {@code MPICH Version: 4.0.2}
     * @return why the benchmark does not run on this library, a call of which it is known to
     *         run wrong, in one line; empty where it runs (every benchmark by default)
     */
    default Optional<String> libraryRefusal(String library) {
        return Optional.empty();
    }

    /**
     * @return whether the benchmark calls MPI from many threads at once, so that MPI starts
     *         with {@code MPI.InitThread(args, MPI.THREAD_MULTIPLE)} and the run is refused
     *         (exit 1) when the library provides less
     */
    default boolean threadMultiple() {
        return false;
    }
}
