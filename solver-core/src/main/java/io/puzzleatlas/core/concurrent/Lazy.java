package io.puzzleatlas.core.concurrent;

import java.util.function.Supplier;

/**
 * A value computed once, on first use, by whichever thread asks first; every other thread waits for it and then shares
 * it (the tables a JVM builds once: a solver's distance table, a census). If the computation throws, the next call
 * tries again.
 */
public final class Lazy<T> implements Supplier<T> {
    private final Supplier<T> compute;
    private volatile T value;

    private Lazy(Supplier<T> compute) {
        this.compute = compute;
    }

    public static <T> Lazy<T> of(Supplier<T> compute) {
        return new Lazy<>(compute);
    }

    @Override
    public T get() {
        T v = value;
        if (v == null) {
            synchronized (this) {
                v = value;
                if (v == null) {
                    v = compute.get();
                    value = v;
                }
            }
        }
        return v;
    }
}
