package io.puzzleatlas.core.kind;

import java.io.Serializable;
import java.util.List;

/**
 * An atlas computed in independent ranges of units (the rotation game's census of colour masks), so that a cluster can
 * spread it: {@link #part} runs anywhere (the object travels to executors), {@link #finish} combines every range's
 * part, in any order.
 */
public interface SplitCensus extends Serializable {
    /** Number of units; ranges are {@code [from, to)} within {@code [0, unitCount())}. */
    int unitCount();

    /** The census of units {@code [from, to)}, encoded as one array (a small, serializable part). */
    long[] part(int from, int to);

    /** The atlas from the parts of ranges covering every unit once. */
    List<AtlasPart> finish(List<long[]> parts);
}
