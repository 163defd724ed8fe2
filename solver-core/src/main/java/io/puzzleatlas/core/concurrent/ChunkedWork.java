package io.puzzleatlas.core.concurrent;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntFunction;
import java.util.function.ObjIntConsumer;

/**
 * Work items {@code 0..count-1} shared by a fixed number of workers, each pulling the next item
 * until none is left: uneven items (a hard range of a census, a dense chunk of a frontier) even
 * out without planning. Each worker has its own state (its scratch buffers and the counts it
 * adds up), made by the worker's thread and returned in worker order for the caller to combine.
 */
public final class ChunkedWork {
    private ChunkedWork() {
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
     * Runs items {@code 0..count-1} on {@code workers} workers of {@code pool}; with no pool
     * (null) one worker runs them all on the calling thread, which saves a small job the hand-off.
     *
     * @param worker the state of worker {@code w} (0-based), made on its thread
     * @param item   does item {@code i} with a worker's state
     * @param what   what the work is, for the message of a failure
     * @return the workers' states, in worker order
     */
    public static <W> List<W> run(ExecutorService pool, int workers, int count, IntFunction<W> worker, ObjIntConsumer<W> item,
            String what) {
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
}
