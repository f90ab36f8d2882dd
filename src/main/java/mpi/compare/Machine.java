package mpi.compare;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * One line describing the machine, so that a pasted table says where it was measured:
 * {@code # CPU, N cores; MPI library; java -version's first line}. The MPI library is named
 * by the launcher of the runs, followed by the installation's name under {@code --mpi}
 * ({@code MPICH 5.0.2 (mpich5-abi)}: the standard ABI's launcher says what its own ABI's does).
 */
final class Machine {
    private final Settings settings;
    private final RunMpi mpi;
    private final Launcher launcher;

    /** The machine of runs launched by MPIRUN. */
    Machine(Settings settings, Launcher launcher) {
        this(settings, RunMpi.onPath(settings.mpirun()), launcher);
    }

    Machine(Settings settings, RunMpi mpi, Launcher launcher) {
        this.settings = settings;
        this.mpi = mpi;
        this.launcher = launcher;
    }

    String line() {
        String cpu = cpu(Path.of("/proc/cpuinfo")).orElse("unknown CPU");
        int cores = Runtime.getRuntime().availableProcessors();
        return "# " + cpu + ", " + cores + " cores; " + mpi() + "; "
                + firstLine(List.of(settings.java(), "-version")).orElse("");
    }

    static Optional<String> cpu(Path cpuinfo) {
        try {
            return Files.readAllLines(cpuinfo, StandardCharsets.UTF_8).stream()
                    .filter(l -> l.startsWith("model name"))
                    .map(l -> l.substring(l.indexOf(':') + 1).strip()).findFirst();
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    private String mpi() {
        List<String> version = new ArrayList<>(mpi.launcher());
        version.add("--version");
        return output(version).flatMap(Machine::library).orElse("unknown MPI")
                + mpi.build().map(b -> " (" + b.mpi().name() + ")").orElse("");
    }

    /**
     * The MPI library, named from what the launcher the runs use says of itself (not from
     * what else is on PATH: Open MPI and MPICH install side by side).
     *
     * @param version what {@code <mpirun> --version} printed
     * @return e.g. {@code Open MPI 4.1.4} (from {@code mpirun (Open MPI) 4.1.4}), {@code MPICH
     *         4.0.2} (hydra's {@code Version:} line), or the first line of anything else
     */
    static Optional<String> library(String version) {
        List<String> lines = version.lines().map(String::strip).filter(l -> !l.isEmpty())
                .toList();
        if (lines.isEmpty()) {
            return Optional.empty();
        }
        String first = lines.get(0);
        if (first.contains("(Open MPI)")) {
            return Optional.of("Open MPI " + first.substring(first.indexOf("(Open MPI)")
                    + "(Open MPI)".length()).strip());
        }
        if (first.startsWith("HYDRA build details")) {
            return lines.stream().filter(l -> l.startsWith("Version:")).findFirst()
                    .map(l -> "MPICH " + l.substring("Version:".length()).strip())
                    .or(() -> Optional.of("MPICH (hydra)"));
        }
        return Optional.of(first);
    }

    /** @return the first line the command printed, stdout or else stderr (java -version) */
    private Optional<String> firstLine(List<String> command) {
        return output(command).flatMap(o -> o.lines().findFirst()).filter(l -> !l.isBlank());
    }

    private Optional<String> output(List<String> command) {
        try {
            Launcher.Output o = launcher.run(command);
            return Optional.of(o.stdout().isBlank() ? o.stderr() : o.stdout());
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /**
     * @param name a program name, or a path to one
     * @param path the PATH to search
     * @return the executable found, as {@code command -v} would
     */
    static Optional<Path> onPath(String name, String path) {
        if (name.contains("/")) {
            Path p = Path.of(name);
            return Files.isExecutable(p) ? Optional.of(p) : Optional.empty();
        }
        for (String dir : (path == null ? "" : path).split(File.pathSeparator)) {
            Path p = Path.of(dir.isEmpty() ? "." : dir, name);
            if (Files.isRegularFile(p) && Files.isExecutable(p)) {
                return Optional.of(p);
            }
        }
        return Optional.empty();
    }
}
