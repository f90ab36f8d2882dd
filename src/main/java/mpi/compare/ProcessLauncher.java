package mpi.compare;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** Runs commands with {@link ProcessBuilder}, stdin closed, output into temporary files. */
public final class ProcessLauncher implements Launcher {
    private final boolean root = "root".equals(System.getProperty("user.name"));

    @Override
    public Output run(List<String> command) throws IOException {
        ProcessBuilder pb = new ProcessBuilder(command);
        if (root) {
            // Open MPI refuses to run as root unless told; containers often are root.
            pb.environment().put("OMPI_ALLOW_RUN_AS_ROOT", "1");
            pb.environment().put("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1");
        }
        // Files rather than pipes: no reader threads, and a chatty run cannot block on a full pipe.
        Path out = Files.createTempFile("compare", ".out");
        Path err = Files.createTempFile("compare", ".err");
        try {
            Process p = pb.redirectOutput(out.toFile()).redirectError(err.toFile()).start();
            p.getOutputStream().close(); // no input: a run that reads stdin sees its end
            int code = waitFor(p);
            return new Output(code, Files.readString(out, StandardCharsets.UTF_8),
                    Files.readString(err, StandardCharsets.UTF_8));
        } finally {
            Files.deleteIfExists(out);
            Files.deleteIfExists(err);
        }
    }

    private static int waitFor(Process p) throws IOException {
        try {
            return p.waitFor();
        } catch (InterruptedException e) {
            p.descendants().forEach(ProcessHandle::destroy);
            p.destroy();
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while waiting for " + p.info().command().orElse("a run"), e);
        }
    }
}
