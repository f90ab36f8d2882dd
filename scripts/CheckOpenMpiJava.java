/**
 * Checks an Open MPI Java bindings jar on the class path: loading {@code mpi.MPI} loads
 * {@code libmpi_java.so} (and through it the MPI library), and
 * {@code MPI.getLibVersion()} answers. Prints the library's version line; exits 1 with the
 * reason otherwise. Run by scripts/install-openmpi-java.sh as a single-file program.
 */
public class CheckOpenMpiJava {
    public static void main(String[] args) {
        try {
            Class<?> mpi = Class.forName("mpi.MPI");
            String version = (String) mpi.getMethod("getLibVersion").invoke(null);
            System.out.println(version.lines().findFirst().orElse("").strip());
        } catch (ReflectiveOperationException | LinkageError e) {
            Throwable cause = e.getCause() != null ? e.getCause() : e;
            System.err.println("CheckOpenMpiJava: cannot use Open MPI's Java bindings: " + cause);
            System.exit(1);
        }
    }
}
