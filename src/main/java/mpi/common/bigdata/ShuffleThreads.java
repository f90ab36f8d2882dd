package mpi.common.bigdata;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import mpi.MPIException;

/**
 * A rank's T threads of a shuffle: the calling thread is thread 0, and T-1 more, started once
 * for the run, take threads 1 to T-1 of each shuffle.
 */
public final class ShuffleThreads implements AutoCloseable {
    private final int threads;
    private final ExecutorService pool;
    private final List<Future<?>> running = new ArrayList<>();

    /** @param threads T, at least 1 */
    public ShuffleThreads(int threads) {
        this.threads = threads;
        this.pool = threads == 1 ? null : Executors.newFixedThreadPool(threads - 1, r -> {
            Thread t = new Thread(r, "shuffle");
            t.setDaemon(true);
            return t;
        });
    }

    /**
     * Runs one shuffle on the T threads and waits for all of them.
     *
     * @param exchange the transport
     * @param reader   the reducing side
     * @throws MPIException if a thread's call fails
     */
    public void shuffle(ShuffleExchange exchange, ShuffleReader reader) throws MPIException {
        running.clear();
        for (int t = 1; t < threads; t++) {
            int thread = t;
            running.add(pool.submit(() -> {
                exchange.run(thread, reader);
                return null;
            }));
        }
        exchange.run(0, reader);
        for (Future<?> f : running) {
            try {
                f.get();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new MPIException("interrupted while the shuffle's threads ran");
            } catch (ExecutionException e) {
                if (e.getCause() instanceof MPIException m) {
                    throw m;
                }
                throw new IllegalStateException(e.getCause());
            }
        }
    }

    @Override
    public void close() {
        if (pool != null) {
            pool.shutdownNow();
        }
    }
}
