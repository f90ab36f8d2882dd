package mpi;

import java.nio.Buffer;
import java.nio.ByteBuffer;

/** The FFM backend's calls of ... (to be written). */
final class FfmTypes {
    private FfmTypes() {
    }

    static long typeContiguous(int count, long oldType) throws Throwable {
        throw new UnsupportedOperationException("FFM backend: typeContiguous");
    }

    static long typeVector(int count, int blockLength, int stride, long oldType) throws Throwable {
        throw new UnsupportedOperationException("FFM backend: typeVector");
    }

    static long typeIndexed(int[] blockLengths, int[] displacements, long oldType) throws Throwable {
        throw new UnsupportedOperationException("FFM backend: typeIndexed");
    }

    static void typeLayout(long type, long[] layout) throws Throwable {
        throw new UnsupportedOperationException("FFM backend: typeLayout");
    }

    static void typeCommit(long type) throws Throwable {
        throw new UnsupportedOperationException("FFM backend: typeCommit");
    }

    static void typeFree(long type) throws Throwable {
        throw new UnsupportedOperationException("FFM backend: typeFree");
    }

    static long infoCreate() throws Throwable {
        throw new UnsupportedOperationException("FFM backend: infoCreate");
    }

    static void infoSet(long info, String key, String value) throws Throwable {
        throw new UnsupportedOperationException("FFM backend: infoSet");
    }

    static String infoGet(long info, String key) throws Throwable {
        throw new UnsupportedOperationException("FFM backend: infoGet");
    }

    static void infoFree(long info) throws Throwable {
        throw new UnsupportedOperationException("FFM backend: infoFree");
    }
}
