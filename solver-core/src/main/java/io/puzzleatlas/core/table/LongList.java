package io.puzzleatlas.core.table;

import java.util.Arrays;

/** A growable list of primitive longs (no boxing). */
public final class LongList {
    private long[] items = new long[16];
    private int size;

    public void add(long v) {
        if (size == items.length) {
            items = Arrays.copyOf(items, size * 2);
        }
        items[size++] = v;
    }

    public void addAll(LongList other) {
        for (int i = 0; i < other.size; i++) {
            add(other.items[i]);
        }
    }

    public int size() {
        return size;
    }

    public void clear() {
        size = 0;
    }

    public long[] toArray() {
        return Arrays.copyOf(items, size);
    }

    /** The values, ascending, each once (no boxing, unlike a stream's distinct()). */
    public long[] sortedDistinct() {
        long[] a = toArray();
        Arrays.sort(a);
        int n = 0;
        for (int i = 0; i < a.length; i++) {
            if (n == 0 || a[i] != a[n - 1]) {
                a[n++] = a[i];
            }
        }
        return Arrays.copyOf(a, n);
    }
}
