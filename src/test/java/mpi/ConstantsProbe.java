package mpi;

import java.lang.reflect.Method;

/**
 * Holds the JNI backend's value of every constant of the table ({@link MpiConstants}) to the
 * FFM backend's value of it for the same library, in one process (Java 22 or later, JNI
 * backend): prints {@code agree N} when all do, else one {@code differ NAME jni=.. ffm=..}
 * line per constant and exit status 1. MpiConstantsIT runs it. In package mpi for the seam.
 */
public final class ConstantsProbe {
    private ConstantsProbe() {
    }

    /** @param args none */
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        // The FFM backend's classes are in the jar's Java 22 part: reached by name.
        Object abi = Class.forName("mpi.FfmLibrary").getDeclaredField("ABI").get(null);
        Method constant = Class.forName("mpi.FfmAbi").getDeclaredMethod("constant", int.class);
        constant.setAccessible(true);
        int differ = 0;
        StringBuilder out = new StringBuilder();
        for (MpiConstants.Row row : MpiConstants.rows()) {
            long jni = Backends.ENVIRONMENT.mpiConstant(row.id());
            long ffm = (long) constant.invoke(abi, row.id());
            if (jni != ffm) {
                differ++;
                out.append("differ ").append(row.name()).append(" jni=").append(jni)
                        .append(" ffm=").append(ffm).append('\n');
            }
        }
        out.append(differ == 0 ? "agree " + MpiConstants.rows().size() + "\n" : "");
        System.out.print(out);
        System.out.flush();
        MPI.Finalize();
        System.exit(differ == 0 ? 0 : 1);
    }
}
