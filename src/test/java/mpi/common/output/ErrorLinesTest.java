package mpi.common.output;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The line for MPI that cannot start ({@link ErrorLines#cannotStart}). */
class ErrorLinesTest {
    @Test
    void aLibraryThatCannotStartIsItsMessageAlone() {
        assertEquals("OSULatency: error: -Dombj.backend=ffm needs Java 22 or later (this is"
                + " Java 17): run a newer java, or use -Dombj.backend=jni",
                ErrorLines.cannotStart("OSULatency", new UnsatisfiedLinkError("-Dombj.backend=ffm"
                        + " needs Java 22 or later (this is Java 17): run a newer java, or use"
                        + " -Dombj.backend=jni")));
    }

    @Test
    void aClassInitializerThatFailedIsItsCause() {
        assertEquals("OSUBcast: error: -Dombj.mpi=/x: cannot open it",
                ErrorLines.cannotStart("OSUBcast", new ExceptionInInitializerError(
                        new UnsatisfiedLinkError("-Dombj.mpi=/x: cannot open it"))));
    }

    /** Anything else is a bug: its class says which. */
    @Test
    void aBugKeepsItsExceptionClass() {
        assertEquals("OSUBcast: error: java.lang.IllegalArgumentException: unknown MPI constant 99",
                ErrorLines.cannotStart("OSUBcast", new ExceptionInInitializerError(
                        new IllegalArgumentException("unknown MPI constant 99"))));
        assertEquals("OSUBcast: error: java.lang.UnsatisfiedLinkError",
                ErrorLines.cannotStart("OSUBcast", new UnsatisfiedLinkError()));
    }
}
