package mpi.common.output;

/** The version of the suite: the C OMB release whose methodology it follows, and its own. */
public final class Version {
    /** The C OSU Micro-Benchmarks release the methodology and output format follow. */
    public static final String OMB = "7.4";
    /** This project's release. */
    public static final String OMB_J = "0.2.0";

    private Version() {
    }

    /** @return the line {@code -v} prints */
    public static String line() {
        return "OSU MPI-Java Micro-Benchmarks v" + OMB + " (OMB-J " + OMB_J + ")";
    }
}
