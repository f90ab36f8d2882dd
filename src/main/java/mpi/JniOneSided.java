package mpi;

import java.nio.Buffer;
import java.nio.ByteBuffer;

/**
 * The JNI backend's {@link Seam.OneSided}: each call is a native method of {@code libombj.so}
 * ({@code mpi_Win.c}), declared here once.
 */
final class JniOneSided implements Seam.OneSided {

    @Override
    public native void winSetName(long win, String name) throws MPIException;

    @Override
    public native String winGetName(long win) throws MPIException;

    @Override
    public native void winSetErrhandler(long win, long errhandler) throws MPIException;

    @Override
    public native long winGetErrhandler(long win) throws MPIException;

    @Override
    public native void winCallErrhandler(long win, int errorCode) throws MPIException;

    @Override
    public native long winCreate(Buffer base, long bytes, int dispUnit, long info,
            long comm) throws MPIException;

    @Override
    public native long winAllocate(long bytes, int dispUnit, long info, long comm, boolean shared,
            Buffer base, long[] address) throws MPIException;

    @Override
    public native ByteBuffer winWrap(long address, long bytes);

    @Override
    public native long winCreateDynamic(long info, long comm) throws MPIException;

    @Override
    public native void winAttach(long win, Buffer base, long bytes) throws MPIException;

    @Override
    public native void winDetach(long win, Buffer base) throws MPIException;

    @Override
    public native long winGetGroup(long win) throws MPIException;

    @Override
    public native long winFree(long win) throws MPIException;

    @Override
    public native long winAccess(int kind, long win, Object in, int inCount, long inType,
            Object compare, Object out, int outCount, long outType, int targetRank,
            long targetDisp, int targetCount, long targetType, long op) throws MPIException;

    @Override
    public native int winSync(int call, long win, int rank, int lockType,
            int assertion) throws MPIException;

    @Override
    public native void winGroupSync(int call, long win, long group,
            int assertion) throws MPIException;

    @Override
    public native void winSetInfo(long win, long info) throws MPIException;

    @Override
    public native long winGetInfo(long win) throws MPIException;
}
