package io.puzzleatlas.core.concurrent;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntFunction;
import java.util.function.ObjIntConsumer;

/**
 * Work items {@code 0..count-1} shared by a fixed number of workers, each pulling the next item until none is left:
 * uneven items (a hard range of a census, a dense chunk of a frontier) even out without planning. Each worker has its
 * own state (its scratch buffers and the counts it adds up), made by the worker's thread and returned in worker order
 * for the caller to combine.
 */
public final class ChunkedWork {
    private ChunkedWork() {}

    /**
     * Bounds of consecutive pieces of {@code count} items for {@code workers} workers that take the pieces in order, in
     * guided self-scheduling's sizes (C. D. Polychronopoulos and D. J. Kuck, "Guided self-scheduling: a practical
     * scheduling scheme for parallel supercomputers", IEEE Trans. Computers 36(12), 1987): each piece a share
     * {@code 1/(2·workers)} of the items left, at least {@code smallest} and at most {@code largest}. Pieces shrink
     * towards the end, so items of uneven cost finish together: the last piece a worker takes is a small one. Piece
     * {@code i} is {@code [bounds[i], bounds[i+1])}.
     */
    public static long[] guidedBounds(long count, int workers, long smallest, long largest) {
        if (count < 0 || workers < 1 || smallest < 1 || largest < smallest) {
            throw new IllegalArgumentException(
                    "count " + count + ", workers " + workers + ", pieces " + smallest + ".." + largest);
        }
        long[] bounds = new long[16];
        int n = 1;
        for (long at = 0; at < count; ) {
            long left = count - at;
            long piece =
                    Math.min(left, Math.max(smallest, Math.min(largest, (left + 2L * workers - 1) / (2L * workers))));
            at += piece;
            if (n == bounds.length) {
                bounds = Arrays.copyOf(bounds, 2 * n);
            }
            bounds[n++] = at;
        }
        return Arrays.copyOf(bounds, n);
    }

    /** A pool of {@code threads} daemon threads named {@code name}. */
    public static ExecutorService pool(int threads, String name) {
        return Executors.newFixedThreadPool(threads, r -> {
            Thread t = new Thread(r, name);
            t.setDaemon(true);
            return t;
        });
    }

    /**
     * Runs items {@code 0..count-1} on {@code workers} workers of {@code pool}; with no pool (null) one worker runs
     * them all on the calling thread, which saves a small job the hand-off.
     *
     * @param worker the state of worker {@code w} (0-based), made on its thread
     * @param item does item {@code i} with a worker's state
     * @param what what the work is, for the message of a failure
     * @return the workers' states, in worker order
     */
    public static <W> List<W> run(
            ExecutorService pool, int workers, int count, IntFunction<W> worker, ObjIntConsumer<W> item, String what) {
        if (pool == null) {
            W state = worker.apply(0);
            for (int i = 0; i < count; i++) {
                item.accept(state, i);
            }
            return List.of(state);
        }
        AtomicInteger next = new AtomicInteger();
        List<Future<W>> futures = new ArrayList<>(workers);
        for (int w = 0; w < workers; w++) {
            int index = w;
            futures.add(pool.submit(() -> {
                W state = worker.apply(index);
                for (int i = next.getAndIncrement(); i < count; i = next.getAndIncrement()) {
                    item.accept(state, i);
                }
                return state;
            }));
        }
        List<W> states = new ArrayList<>(workers);
        try {
            for (Future<W> f : futures) {
                states.add(f.get());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(what + " interrupted", e);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof Error err) {
                throw err;
            }
            throw new IllegalStateException(what + " failed: " + e.getCause(), e.getCause());
        }
        return states;
    }

    /**
     * The value of a finished or running task, waiting for it; its own exception or error again (other checked causes
     * wrapped), so a failure in a pool's thread reads as one in the caller's.
     */
    public static <T> T result(Future<T> future) {
        try {
            return future.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while solving", e);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            if (e.getCause() instanceof Error err) {
                throw err;
            }
            throw new IllegalStateException(e.getCause());
        }
    }
}
