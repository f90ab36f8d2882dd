package mpi.jmh;

import java.nio.ByteBuffer;

/**
 * The FFM floors of WindowRate, BlockingSteps and EpochSteps on Java 17 to 21, which have no {@code java.lang.foreign}: this
 * class refuses to start. The jar's class for Java 22 and later (a multi-release jar, built
 * from {@code src/main/java22}) makes the calls; see its javadoc.
 */
final class FfmFloor {
    FfmFloor(int window) {
        throw new UnsupportedOperationException(
                "the ffm patterns need Java 22 or later (java.lang.foreign)");
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
