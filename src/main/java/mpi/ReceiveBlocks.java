package mpi;

/**
 * Where a v- or w-collective writes its receive buffer: the blocks at the displacements, and
 * nothing in the gaps between them. A non-blocking call on a Java array receives into staging
 * memory that is not copied in; copying only these blocks back leaves the array's gaps as the
 * caller left them, as MPI leaves them in a C buffer.
 */
final class ReceiveBlocks {
    private ReceiveBlocks() {
    }

    /**
     * The blocks of a receive, adjacent ones merged, as pairs (byte offset, bytes) in the
     * order of the processes; blocks of no elements are left out. Counts and displacements
     * have been checked (non-negative, at least {@code n} entries).
     *
     * @param counts     elements of block i
     * @param displs     where block i starts, in units of {@code displUnit} bytes
     * @param n          the number of blocks (processes or in-neighbours)
     * @param displUnit  bytes per unit of displacement: the datatype's size, or 1 (w-forms)
     * @param types      the datatype of block i (w-forms), or null: all are {@code type}
     * @param type       the datatype of every block when {@code types} is null
     * @param extent     the bytes of the buffer the call stages (its furthest block's end)
     * @return null if the blocks are one run over the whole {@code extent} (nothing to leave
     *         out: copy back the whole), else the runs, two ints each (none if nothing is
     *         received)
     */
    static int[] of(int[] counts, int[] displs, int n, int displUnit, Datatype[] types,
            Datatype type, long extent) {
        int runs = 0;
        long end = -1; // where the current run ends, or -1 before the first
        long start = 0;
        for (int i = 0; i < n; i++) {
            long bytes = blockBytes(counts, types, type, i);
            if (bytes == 0) {
                continue;
            }
            long at = (long) displs[i] * displUnit;
            if (at != end) {
                if (runs == 0) {
                    start = at;
                }
                runs++;
            }
            end = at + bytes;
        }
        if (runs == 1 && start == 0 && end == extent) {
            return null;
        }
        int[] blocks = new int[2 * runs];
        int k = -2;
        end = -1;
        for (int i = 0; i < n; i++) {
            long bytes = blockBytes(counts, types, type, i);
            if (bytes == 0) {
                continue;
            }
            long at = (long) displs[i] * displUnit;
            if (at != end) {
                k += 2;
                blocks[k] = Math.toIntExact(at);
            }
            end = at + bytes;
            blocks[k + 1] = Math.toIntExact(end - blocks[k]);
        }
        return blocks;
    }

    /** @return whether every byte displacement is a whole number of {@code elementBytes} */
    static boolean aligned(int[] byteDispls, int n, int elementBytes) {
        for (int i = 0; i < n; i++) {
            if (byteDispls[i] % elementBytes != 0) {
                return false;
            }
        }
        return true;
    }

    private static long blockBytes(int[] counts, Datatype[] types, Datatype type, int i) {
        return (long) counts[i] * (types == null ? type : types[i]).getSize();
    }
}
