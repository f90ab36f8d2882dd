package mpi;

import java.nio.Buffer;
import java.nio.ByteBuffer;

/** The FFM backend's calls of ... (to be written). */
final class FfmOneSided {
    private FfmOneSided() {
    }

    static long winCreate(Buffer base, long bytes, int dispUnit, long info, long comm) throws Throwable {
        throw new UnsupportedOperationException("FFM backend: winCreate");
    }

    static long winAllocate(long bytes, int dispUnit, long info, long comm, boolean shared, Buffer base, long[] address) throws Throwable {
        throw new UnsupportedOperationException("FFM backend: winAllocate");
    }

    static ByteBuffer winWrap(long address, long bytes) throws Throwable {
        throw new UnsupportedOperationException("FFM backend: winWrap");
    }

    static long winCreateDynamic(long info, long comm) throws Throwable {
        throw new UnsupportedOperationException("FFM backend: winCreateDynamic");
    }

    static void winAttach(long win, Buffer base, long bytes) throws Throwable {
        throw new UnsupportedOperationException("FFM backend: winAttach");
    }

    static void winDetach(long win, Buffer base) throws Throwable {
        throw new UnsupportedOperationException("FFM backend: winDetach");
    }

    static long winGetGroup(long win) throws Throwable {
        throw new UnsupportedOperationException("FFM backend: winGetGroup");
    }

    static long winFree(long win) throws Throwable {
        throw new UnsupportedOperationException("FFM backend: winFree");
    }

    static long winAccess(int kind, long win, Object in, int inCount, long inType, Object compare, Object out, int outCount, long outType, int targetRank, long targetDisp, int targetCount, long targetType, long op) throws Throwable {
        throw new UnsupportedOperationException("FFM backend: winAccess");
    }

    static int winSync(int call, long win, int rank, int lockType, int assertion) throws Throwable {
        throw new UnsupportedOperationException("FFM backend: winSync");
    }

    static void winGroupSync(int call, long win, long group, int assertion) throws Throwable {
        throw new UnsupportedOperationException("FFM backend: winGroupSync");
    }
}
