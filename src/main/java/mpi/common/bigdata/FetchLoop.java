package mpi.common.bigdata;

import java.util.List;

import mpi.MPIException;

/**
 * One thread's fetches in a shuffle over a request-and-reply transport (MPI point-to-point,
 * Netty): it asks for its blocks while a place among the F in flight is free, reads its share
 * of the local blocks once the first requests are out (as a reducer does), polls the blocks in
 * flight and deserializes each as it comes, until all of its share is read.
 */
final class FetchLoop {
    /** A transport's side of the loop. */
    interface Fetcher {
        /**
         * Asks for fetch {@code i}'s block.
         *
         * @throws MPIException if the call or the connection fails
         */
        void ask(int i, ShuffleLayout.Fetch fetch) throws MPIException;

        /**
         * If fetch {@code i}'s block is in, hands it to {@link ShuffleReader#fetched}.
         *
         * @return whether it was in
         * @throws MPIException if the call or the connection fails
         */
        boolean poll(int thread, int i, ShuffleReader reader) throws MPIException;
    }

    private FetchLoop() {
    }

    /**
     * Thread {@code thread}'s fetches of one shuffle, then {@link ShuffleReader#done}.
     *
     * @throws MPIException if the transport fails
     */
    static void run(int thread, ShuffleReader reader, Fetcher fetcher) throws MPIException {
        List<ShuffleLayout.Fetch> fetches = reader.data().layout().fetches();
        int[] mine = reader.fetchesOf(thread);
        int[] pending = new int[mine.length];
        int inFlight = 0;
        int next = 0;
        boolean localsRead = false;
        ShuffleExchange.Idle idle = new ShuffleExchange.Idle();
        while (next < mine.length || inFlight > 0 || !localsRead) {
            boolean progress = false;
            while (next < mine.length && reader.acquire(mine[next])) {
                int i = mine[next++];
                fetcher.ask(i, fetches.get(i));
                pending[inFlight++] = i;
                progress = true;
            }
            if (!localsRead) {
                reader.readLocals(thread);
                localsRead = true;
            }
            for (int k = 0; k < inFlight; k++) {
                if (fetcher.poll(thread, pending[k], reader)) {
                    pending[k--] = pending[--inFlight];
                    progress = true;
                }
            }
            if (progress) {
                idle.busy();
            } else {
                idle.idle();
            }
        }
        reader.done(thread);
    }
}
