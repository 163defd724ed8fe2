package io.puzzleatlas.jobs.solve;

import java.util.Iterator;
import java.util.NoSuchElementException;

/** An iterator over the non-null results of {@link #convert} applied to a source iterator. */
abstract class FilteringIterator<S, T> implements Iterator<T> {
    private final Iterator<S> source;
    private T next;

    FilteringIterator(Iterator<S> source) {
        this.source = source;
    }

    /** The output for {@code item}, or null to skip it. */
    abstract T convert(S item);

    @Override
    public boolean hasNext() {
        while (next == null && source.hasNext()) {
            next = convert(source.next());
        }
        return next != null;
    }

    @Override
    public T next() {
        if (!hasNext()) {
            throw new NoSuchElementException();
        }
        T t = next;
        next = null;
        return t;
    }
}
