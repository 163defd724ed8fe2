package io.puzzleatlas.core.magic;

import io.puzzleatlas.core.atlas.SpaceSummary;
import io.puzzleatlas.core.atlas.TableSummaries;
import io.puzzleatlas.core.concurrent.Lazy;
import io.puzzleatlas.core.table.BreadthFirstTableBuilder;
import io.puzzleatlas.core.table.DistanceTable;
import io.puzzleatlas.core.table.SpaceNeighbourRanker;

/**
 * Distances FROM a start to every magic board. Moves are cell permutations, so they commute with relabelling: if
 * {@code σ} relabels the start to the identity, then {@code d(start, t) = d(identity, σ t)}. One table of distances
 * from the identity (a forward search) therefore gives every start the same histogram, and a start's deepest boards are
 * {@code σ⁻¹} of the identity's: {@code t[c] = start[x[c]]}.
 */
public final class MagicBoardAtlas {
    private static final Lazy<DistanceTable> FROM_IDENTITY = Lazy.of(() -> {
        MagicBoardSpace space = new MagicBoardSpace();
        return BreadthFirstTableBuilder.build(
                space.size(), space.rank(space.goal()), t -> new SpaceNeighbourRanker(space, true), 1);
    });

    private MagicBoardAtlas() {}

    /** Stable name of the space from {@code start}: {@code magic-board-from-12348765}. */
    public static String spaceName(long start) {
        return "magic-board-from-" + new MagicBoard().format(start).replace(" ", "");
    }

    /** The histogram and deepest boards of distances from {@code start}. */
    public static SpaceSummary summary(long start) {
        DistanceTable table = table();
        long[] deepest = TableSummaries.deepestRanks(table);
        MagicBoardSpace space = new MagicBoardSpace();
        for (int i = 0; i < deepest.length; i++) {
            long x = space.unrank(deepest[i]);
            long t = 0;
            for (int c = 0; c < MagicBoard.CELLS; c++) {
                int label = (int) (x >>> (c << 2)) & 0xF;
                t |= ((start >>> (label << 2)) & 0xF) << (c << 2);
            }
            deepest[i] = t;
        }
        return new SpaceSummary(spaceName(start), "magic-board", table.histogram(), deepest);
    }

    /** Distances from the identity board, by Lehmer rank (built once). */
    static DistanceTable table() {
        return FROM_IDENTITY.get();
    }
}
