package mpi.common.collective;

/**
 * Which serialized payloads a rank writes and reads in a collective call of
 * {@code -a objects}, as mpi4py's lower-case collectives pickle and unpickle: every rank's
 * data block is one self-contained message of the same serialized size {@code S}, at
 * {@code k * S} in its buffer. A broadcast's root serializes one payload and every other
 * rank deserializes it; a gather's ranks serialize one each and the root deserializes all
 * of them (its own too, as in mpi4py); a scatter's root serializes one per rank and each rank
 * deserializes its own; an allgather serializes one and deserializes all; an all-to-all
 * serializes one per destination and deserializes one per source. The v-variants move the
 * same blocks (each count {@code S}).
 */
public final class ObjectBlocks {
    private ObjectBlocks() {
    }

    /** @return whether {@code -a objects} can run the blocking benchmark of {@code c} */
    public static boolean moves(Collective c) {
        return switch (c) {
            case BCAST, GATHER, GATHERV, SCATTER, SCATTERV, ALLGATHER, ALLGATHERV, ALLTOALL,
                    ALLTOALLV -> true;
            default -> false;
        };
    }

    /**
     * @return the payloads {@code rank} serializes, blocks 0 .. n-1 of its send buffer
     *         (block k to rank k for a scatter or an all-to-all)
     */
    public static int sent(Collective c, int rank, int root, int processes) {
        return switch (c) {
            case BCAST -> rank == root ? 1 : 0;
            case GATHER, GATHERV, ALLGATHER, ALLGATHERV -> 1;
            case SCATTER, SCATTERV -> rank == root ? processes : 0;
            case ALLTOALL, ALLTOALLV -> processes;
            default -> throw new IllegalArgumentException(c + " moves no objects");
        };
    }

    /**
     * @return the messages {@code rank} deserializes, blocks 0 .. n-1 of its receive buffer
     *         (a broadcast's: of its one buffer)
     */
    public static int received(Collective c, int rank, int root, int processes) {
        return switch (c) {
            case BCAST -> rank == root ? 0 : 1;
            case GATHER, GATHERV -> rank == root ? processes : 0;
            case SCATTER, SCATTERV -> 1;
            case ALLGATHER, ALLGATHERV, ALLTOALL, ALLTOALLV -> processes;
            default -> throw new IllegalArgumentException(c + " moves no objects");
        };
    }

    /** @return the rank that sent received block {@code k} of {@code rank} */
    public static int sender(Collective c, int k, int root) {
        return switch (c) {
            case BCAST, SCATTER, SCATTERV -> root;
            default -> k;
        };
    }

    /** @return the sender's block that arrived as received block {@code k} of {@code rank} */
    public static int senderBlock(Collective c, int rank) {
        return switch (c) {
            case SCATTER, SCATTERV, ALLTOALL, ALLTOALLV -> rank;
            default -> 0;
        };
    }
}
