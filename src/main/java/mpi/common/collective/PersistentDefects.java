package mpi.common.collective;

import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The persistent collectives an MPI library is known to run wrong, read from its version
 * string ({@code MPI_Get_library_version}, as the binding line shows it). MPICH 4 and Intel
 * MPI 2021 (built on MPICH 4) restart {@code MPI_Allgather_init}, {@code MPI_Gather_init} and
 * {@code MPI_Scatter_init} wrong: from the second start on they deliver stale or wrong data
 * and write where they should not, which can end the JVM (src/test/c/defects/
 * persistent_collectives.c shows it in C on MPICH 4.0.2 and Intel MPI 2021.19; MPICH 4.1.2
 * still restarted gather wrong, pmodels/mpich#7078, fixed in 2024, and a fix of scatter's
 * restart was proposed in 2025, #7550). Open MPI and MPICH 5.0 run all fourteen right. Their
 * benchmarks are refused there, before any call, rather than crash or print numbers of a
 * collective that moved the wrong data.
 *
 * <p>A library whose string names neither (Open MPI, an MPICH derivative that does not say
 * its MPICH version) is never refused: this is a list of known defects, not a guess.
 */
public final class PersistentDefects {
    /** The collectives whose persistent form the affected libraries restart wrong. */
    private static final Set<Collective> AFFECTED = EnumSet.of(Collective.ALLGATHER,
            Collective.GATHER, Collective.SCATTER);

    /** MPICH's first line, e.g. {@code MPICH Version: 4.0.2}: its major version. */
    private static final Pattern MPICH = Pattern.compile("^MPICH Version:\\s*(\\d{1,9})\\.");

    /** Intel MPI's, e.g. {@code Intel(R) MPI Library 2021.19 for Linux* OS}. */
    private static final Pattern INTEL = Pattern.compile(
            "^Intel\\(R\\) MPI Library\\s+(\\d{1,9})\\.");

    private PersistentDefects() {
    }

    /**
     * @param collective the collective of a persistent benchmark
     * @param library    the MPI library as the binding line names it
     *                   ({@code LoadedBinding.library()}), e.g. {@code MPICH Version: 4.0.2}
     * @return why its benchmark does not run on this library, in one line, or empty where
     *         the library is not known to run it wrong
     */
    public static Optional<String> refusal(Collective collective, String library) {
        if (!AFFECTED.contains(collective) || !affected(library)) {
            return Optional.empty();
        }
        // "Known to" for the series: the reports name 4.0.2, 4.1.2 and Intel MPI 2021.19, not
        // every release, and a later 4.x may have taken a fix.
        return Optional.of("MPI_" + collective.label() + "_init is known to restart wrong on"
                + " MPICH 4 and Intel MPI 2021 (here " + library + "): it delivers wrong data"
                + " and writes where it should not, which can end the JVM; refused (Open MPI 5.0"
                + " and MPICH 5.0 run it right)");
    }

    /** @return whether the library is MPICH 4 or Intel MPI 2021 */
    static boolean affected(String library) {
        return major(MPICH, library) == 4 || major(INTEL, library) == 2021;
    }

    private static int major(Pattern p, String library) {
        Matcher m = p.matcher(library == null ? "" : library.strip());
        return m.find() ? Integer.parseInt(m.group(1)) : -1;
    }
}
