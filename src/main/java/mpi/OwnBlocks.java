package mpi;

/**
 * Refuses a collective whose block from this process to itself does not fit: the bytes it
 * sends itself must be the bytes it receives from itself.
 *
 * <p>MPI requires the type signatures of every sending and receiving pair of a collective to
 * match, and leaves a mismatch undefined; Open MPI then may write a whole message past the end
 * of a too-short receive block (its rendezvous "get" protocol copies what was sent, seen with
 * an 8000-byte block to itself landing in a 16-byte buffer), which in a JVM corrupts the heap.
 * A binding cannot see another process's arguments, but it sees both ends of the block a
 * process sends itself: in an allgather or alltoall (and their v and w forms), at the root of
 * a gather or scatter, and in a neighbour collective where the process is its own neighbour.
 * Only the sizes are compared, which is what keeps MPI inside the buffers.
 */
final class OwnBlocks {
    private OwnBlocks() {
    }

    /**
     * @throws IllegalArgumentException if {@code sent} and {@code received} differ
     */
    static void check(String call, int sendcount, Datatype sendtype, int recvcount,
            Datatype recvtype) {
        long sent = (long) sendcount * sendtype.getSize();
        long received = (long) recvcount * recvtype.getSize();
        if (sent != received) {
            throw new IllegalArgumentException(call + ": this process sends itself " + sent
                    + " bytes (" + sendcount + " x " + sendtype + ") but receives " + received
                    + " bytes (" + recvcount + " x " + recvtype + ") from itself; MPI requires"
                    + " the blocks of a collective to match");
        }
    }

    /**
     * @return the indices of {@code rank} in {@code ranks}, or null if it is not there
     */
    static int[] slotsOf(int[] ranks, int rank) {
        int n = 0;
        for (int r : ranks) {
            n += r == rank ? 1 : 0;
        }
        if (n == 0) {
            return null;
        }
        int[] slots = new int[n];
        n = 0;
        for (int i = 0; i < ranks.length; i++) {
            if (ranks[i] == rank) {
                slots[n++] = i;
            }
        }
        return slots;
    }
}
