package mpi.common.options;

/**
 * Why {@code -I} (C OMB's start through MPI-4 sessions) does not run, in one line. Sessions
 * need an MPI library of standard version 4 or later, read from the library at run time
 * ({@code MPI.getVersion()}, {@code MPI_Get_version}), never assumed from its vendor; and even
 * with one, this binding mirrors Open MPI 4.1.4's Java API, which has no Session class.
 */
public final class Sessions {
    private Sessions() {
    }

    /**
     * @param version    the MPI standard version the library implements
     * @param subversion its subversion
     * @return the line that says why {@code -I} is refused
     */
    public static String refusal(int version, int subversion) {
        if (version < 4) {
            return "-I needs MPI sessions, which came with MPI 4.0; this MPI library implements"
                    + " MPI " + version + "." + subversion;
        }
        return "-I: this MPI library implements MPI " + version + "." + subversion + ", but the"
                + " binding has no MPI sessions (Open MPI's Java API, which it mirrors, has no"
                + " Session class)";
    }
}
