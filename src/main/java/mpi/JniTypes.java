package mpi;

import java.nio.Buffer;

/**
 * The JNI backend's {@link Seam.Types}: each call is a native method of {@code libombj.so} ({@code
 * mpi_Datatype.c, mpi_Info.c}), declared here once.
 */
final class JniTypes implements Seam.Types {

    @Override
    public native long typeContiguous(int count, long oldType) throws MPIException;

    @Override
    public native long typeVector(int count, int blockLength, int stride,
            long oldType) throws MPIException;

    @Override
    public native long typeIndexed(int[] blockLengths, int[] displacements,
            long oldType) throws MPIException;

    @Override
    public native long typeStruct(int[] blockLengths, int[] displacements,
            long[] types) throws MPIException;

    @Override
    public native long typeHVector(int count, int blockLength, int stride,
            long oldType) throws MPIException;

    @Override
    public native long typeHIndexed(int[] blockLengths, int[] displacements,
            long oldType) throws MPIException;

    @Override
    public native long typeResized(long oldType, int lb, int extent) throws MPIException;

    @Override
    public native void typeLayout(long type, long[] layout) throws MPIException;

    @Override
    public native void typeCommit(long type) throws MPIException;

    @Override
    public native void typeFree(long type) throws MPIException;

    @Override
    public native long infoCreate() throws MPIException;

    @Override
    public native void infoSet(long info, String key, String value) throws MPIException;

    @Override
    public native String infoGet(long info, String key) throws MPIException;

    @Override
    public native void infoFree(long info) throws MPIException;

    @Override
    public native int infoSize(long info) throws MPIException;

    @Override
    public native String infoKey(long info, int n) throws MPIException;

    @Override
    public native void infoDelete(long info, String key) throws MPIException;

    @Override
    public native long infoDup(long info) throws MPIException;

    @Override
    public native long typeDup(long type) throws MPIException;

    @Override
    public native void typeSetName(long type, String name) throws MPIException;

    @Override
    public native int pack(Buffer in, int count, long type, Buffer out,
            int outBytes, int position, long comm) throws MPIException;

    @Override
    public native int unpack(Buffer in, int inBytes, int position, Buffer out,
            int count, long type, long comm) throws MPIException;

    @Override
    public native int packSize(int count, long type, long comm) throws MPIException;
}
