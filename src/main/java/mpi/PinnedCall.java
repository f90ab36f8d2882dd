package mpi;

/**
 * Calls a C function (an MPI function's address) with up to two Java arrays pinned for the
 * length of the call, through the MPI-independent JNI helper {@code libombjpin.so}: the FFM
 * backend's zero-copy path for arrays in calls that may wait, where a critical downcall (the
 * FFM API's only way to hand native code a heap array) would hold every safepoint until the
 * call returns. The JNI call leaves the thread safepoint-safe; G1 since JDK 22 pins only the
 * array's region (JEP 423), so collections go on meanwhile. Other collectors hold collections
 * off while an array is pinned, so the FFM backend copies through native memory there.
 *
 * <p>The function is called with twelve integer arguments ({@code a0..a11}); one with fewer
 * parameters reads its own (see ombjpin.c). Each array's address is added to the argument in
 * its slot, which holds a byte offset into the array.
 */
final class PinnedCall {
    private PinnedCall() {
    }

    /** Loads the helper library; called once by the FFM backend before any {@link #call}. */
    static void load() {
        NativeLibrary.loadPinnedCall();
    }

    /**
     * @param function    the C function's address
     * @param first       an array to pin, or null
     * @param firstSlot   the argument that gets its address added (0-11)
     * @param second      another array to pin, or null
     * @param secondSlot  the argument that gets its address added
     * @return what the function returned, or -1 with an exception pending (a pin failed)
     */
    static native int call(long function, Object first, int firstSlot, Object second,
            int secondSlot, long a0, long a1, long a2, long a3, long a4, long a5, long a6,
            long a7, long a8, long a9, long a10, long a11);
}
