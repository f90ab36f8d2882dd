package mpi.common.progress;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.Set;

/**
 * Whether the user's stderr is a terminal, seen from a rank. A rank cannot tell from its own
 * file descriptors: Open MPI 4.1's {@code mpirun} (and {@code orted}) starts every rank with
 * stdout and stderr on pipes that it reads and forwards, and MPICH's hydra
 * ({@code hydra_pmi_proxy}) does the same, so {@code isatty(2)} in a rank is false at a
 * terminal too, and {@code System.console()} only looks at stdin and stdout. What is a
 * terminal or not is the launcher's own stderr. So: this process's stderr if it is a terminal
 * (a rank started without a launcher); else the stderr of the launcher found up the chain of
 * parent processes ({@link #LAUNCHERS}, by {@code /proc/PID/comm}), through the launchers'
 * helpers ({@link #HELPERS}), on Linux through {@code /proc/PID/fd/2}. A rank whose launcher runs on another host (its parent
 * an {@code orted} started over ssh), or whose chain holds anything else, sees no terminal:
 * {@code OMB_J_PROGRESS=on} ({@link ProgressMode}) says so instead.
 */
public final class StderrTerminal {
    /** The launchers, by their name ({@code /proc/PID/comm}: at most 15 characters). */
    static final Set<String> LAUNCHERS = Set.of("mpirun", "mpiexec", "orterun", "prterun",
            "prun", "mpiexec.hydra", "mpiexec.mpich", "mpirun.mpich", "mpiexec.openmpi",
            "mpirun.openmpi", "orterun.openmpi");
    /** What may stand between a rank and its launcher on the launcher's host. */
    static final Set<String> HELPERS = Set.of("orted", "prted", "hydra_pmi_proxy");
    /** Ancestors looked at, at most. */
    private static final int MAX_DEPTH = 8;

    /** A process as the check sees it. */
    public interface Proc {
        /** @return its name ({@code /proc/PID/comm}), if known */
        Optional<String> name();

        /** @return where its stderr goes ({@code /proc/PID/fd/2}'s target), if readable */
        Optional<String> stderr();

        /** @return its parent, if any */
        Optional<Proc> parent();
    }

    private StderrTerminal() {
    }

    /** @return whether this process's user sees its stderr on a terminal (see the class) */
    public static boolean detect() {
        return decide(live(ProcessHandle.current()));
    }

    /**
     * @param self this process
     * @return the decision of the class comment
     */
    static boolean decide(Proc self) {
        if (self.stderr().map(StderrTerminal::isTerminal).orElse(false)) {
            return true;
        }
        Optional<Proc> p = self.parent();
        for (int depth = 0; depth < MAX_DEPTH && p.isPresent(); depth++) {
            Proc proc = p.get();
            String name = proc.name().orElse("");
            if (LAUNCHERS.contains(name)) {
                return proc.stderr().map(StderrTerminal::isTerminal).orElse(false);
            }
            if (!HELPERS.contains(name)) {
                return false;
            }
            p = proc.parent();
        }
        return false;
    }

    /**
     * @param target where a file descriptor points, e.g. {@code /dev/pts/3} or
     *               {@code pipe:[123]}
     * @return whether it is a terminal device
     */
    static boolean isTerminal(String target) {
        return target.startsWith("/dev/pts/") || target.startsWith("/dev/tty")
                || target.equals("/dev/console");
    }

    private static Proc live(ProcessHandle h) {
        return new Proc() {
            @Override
            public Optional<String> name() {
                // /proc/PID/comm, not ProcessHandle.info(): that reads every argument of the
                // process in one native call, which -Xcheck:jni reports for mpirun's long
                // command lines (more than 32 local references).
                try {
                    return Optional.of(Files.readString(Path.of("/proc", Long.toString(h.pid()),
                            "comm")).strip());
                } catch (IOException | UnsupportedOperationException | SecurityException e) {
                    return Optional.empty();
                }
            }

            @Override
            public Optional<String> stderr() {
                try {
                    return Optional.of(Files.readSymbolicLink(Path.of("/proc", Long.toString(
                            h.pid()), "fd", "2")).toString());
                } catch (IOException | UnsupportedOperationException | SecurityException e) {
                    return Optional.empty(); // not Linux, or not ours to look at
                }
            }

            @Override
            public Optional<Proc> parent() {
                return h.parent().map(StderrTerminal::live);
            }
        };
    }
}
