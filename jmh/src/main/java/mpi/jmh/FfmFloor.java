package mpi.jmh;

import java.nio.ByteBuffer;

/**
 * The FFM floors of WindowRate, BlockingSteps and EpochSteps where there are none: on Java 17
 * to 21, which have no {@code java.lang.foreign}, or from a jar built without a JDK 22 or
 * later. This class refuses to start; the jar's class for Java 22 and later (a multi-release
 * jar, built from {@code jmh/src/main/java22}) makes the calls, see its javadoc.
 */
final class FfmFloor {
    FfmFloor() {
        throw new UnsupportedOperationException("this JVM and jar have no FFM floors: run on"
                + " Java 22 or later, from a JMH jar built with a JDK 22 or later (-Dffm.jdk)");
    }

    void start(boolean send, long address, int bytes, int peer, int tag, int index) {
        throw new UnsupportedOperationException();
    }

    void waitAll(int n) {
        throw new UnsupportedOperationException();
    }

    long startHandle(boolean send, ByteBuffer buf, int bytes, int peer, int tag) {
        throw new UnsupportedOperationException();
    }

    void waitAllHandles(long[] handles, int n) {
        throw new UnsupportedOperationException();
    }

    void sendSelf(long address, int bytes, int tag) {
        throw new UnsupportedOperationException();
    }

    void recvSelf(long address, int bytes, int tag) {
        throw new UnsupportedOperationException();
    }

    void epoch(boolean get, long win, long address, int bytes) {
        throw new UnsupportedOperationException();
    }
}
