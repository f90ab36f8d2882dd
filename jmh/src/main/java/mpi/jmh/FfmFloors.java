package mpi.jmh;

/** Opens the FFM floors ({@link FfmFloor}) for a program whose patterns take them. */
final class FfmFloors {
    private FfmFloors() {
    }

    /**
     * @param program the program's name, for the line on standard error
     * @param report  whether this process says why there are none (rank 0 of an mpirun)
     * @return the FFM floors, or null if this JVM, jar or MPI has none: the caller exits 2
     */
    static FfmFloor open(String program, boolean report) {
        String why;
        try {
            return new FfmFloor();
        } catch (UnsupportedOperationException e) {
            why = e.getMessage(); // Java 17-21, a jar without them, 4-byte handles
        } catch (ExceptionInInitializerError e) {
            why = String.valueOf(e.getCause()); // native access denied, a stale C baseline
        }
        if (report) {
            System.err.println(program + ": " + why);
        }
        return null;
    }
}
