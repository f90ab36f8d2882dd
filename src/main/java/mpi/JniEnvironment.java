package mpi;

import java.nio.Buffer;
import java.nio.ByteBuffer;

/**
 * The JNI backend's {@link Seam.Environment}: each call is a native method of {@code libombj.so}
 * ({@code mpi_MPI.c}), declared here once.
 */
final class JniEnvironment implements Seam.Environment {

    /** JNI calls are never in a state that forbids a callback into Java. */
    @Override
    public void allowUpcalls() {
    }


    @Override
    public String name() {
        return "JNI";
    }

    @Override
    public boolean stagesSmallArraysInJava() {
        return true;
    }

    @Override
    public ByteBuffer newByteBuffer(int bytes) {
        return PageAligned.allocate(bytes);
    }

    @Override
    public native void mpiVersion(int[] version) throws MPIException;

    @Override
    public native long mpiGetAddress(Buffer buf) throws MPIException;

    @Override
    public native long mpiConstant(int id);

    @Override
    public native int mpiInit(int required) throws MPIException;

    @Override
    public native void mpiFinalize() throws MPIException;

    @Override
    public native double mpiWtime();

    @Override
    public native double mpiWtick();

    @Override
    public native String mpiProcessorName() throws MPIException;

    @Override
    public native String mpiLibVersion() throws MPIException;

    @Override
    public native int mpiQueryThread() throws MPIException;

    @Override
    public native boolean mpiIsThreadMain() throws MPIException;

    @Override
    public native void mpiPcontrol(int level) throws MPIException;

    @Override
    public native int mpiTInit(int required) throws MPIException;

    @Override
    public native void mpiTFinalize() throws MPIException;

    @Override
    public native int mpiTCvarCount() throws MPIException;

    @Override
    public native int mpiTCvarIndex(String name) throws MPIException;

    @Override
    public native String[] mpiTCvarInfo(int index, int[] info, long[] handles) throws MPIException;

    @Override
    public native String mpiTEnumInfo(long enumeration, int[] count) throws MPIException;

    @Override
    public native String mpiTEnumItem(long enumeration, int item, int[] value) throws MPIException;

    @Override
    public native int mpiTCvarAccess(int index, boolean bound, long comm, byte[] value,
            int elementBytes, boolean write) throws MPIException;

    @Override
    public native int mpiTPvarCount() throws MPIException;

    @Override
    public native String[] mpiTPvarInfo(int index, int[] info, long[] handles) throws MPIException;

    @Override
    public native long mpiTPvarSessionCreate() throws MPIException;

    @Override
    public native void mpiTPvarSessionFree(long session) throws MPIException;

    @Override
    public native long mpiTPvarHandleAlloc(long session, int index, boolean bound, long comm,
            int[] count) throws MPIException;

    @Override
    public native void mpiTPvarHandleFree(long session, long handle) throws MPIException;

    @Override
    public native void mpiTPvarStart(long session, long handle) throws MPIException;

    @Override
    public native void mpiTPvarStop(long session, long handle) throws MPIException;

    @Override
    public native void mpiTPvarRead(long session, long handle, byte[] value) throws MPIException;
}
