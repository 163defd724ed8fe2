package io.puzzleatlas.core.atlas;

import io.puzzleatlas.core.table.DistanceTable;
import io.puzzleatlas.core.table.LongList;
import io.puzzleatlas.core.table.TwoBitBreadthFirstSearch;

/** Reading a {@link DistanceTable} for an atlas entry. */
public final class TableSummaries {
    private TableSummaries() {}

    /** Ranks at the table's radius, ascending, at most {@link TwoBitBreadthFirstSearch#RECORD_CAP}. */
    public static long[] deepestRanks(DistanceTable table) {
        int radius = table.radius();
        LongList ranks = new LongList();
        for (long r = 0; r < table.size() && ranks.size() < TwoBitBreadthFirstSearch.RECORD_CAP; r++) {
            if (table.get(r) == radius) {
                ranks.add(r);
            }
        }
        return ranks.toArray();
    }
}
