package io.puzzleatlas.core.sliding;

import io.puzzleatlas.core.table.TableFile;
import io.puzzleatlas.core.table.TableFileException;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * The name and key of a {@link PatternDatabase}'s {@link TableFile}, and how its entries go to and from it. The key
 * names the puzzle and its size, the goal's blank cell, the pattern's tiles, the cell the table's search started from
 * when it is not the goal blank's, and the encoding ({@code (value - manhattan) / 2} in four bits): a file of any other
 * pattern database is refused naming both. The file keeps nothing beside the entries.
 */
public final class PatternDatabaseFile {
    private static final byte[] NOTHING = new byte[0];

    private PatternDatabaseFile() {}

    /** File name of a pattern database, e.g. {@code fifteen-puzzle-b15-t1.2.3.4.5.6.7.8.pdb}. */
    public static String fileName(String puzzleName, int goalBlank, int[] tiles) {
        return fileName(puzzleName, goalBlank, goalBlank, tiles);
    }

    /**
     * File name of a pattern database searched from the blank on {@code startCell}: the regular name when that is the
     * goal blank's cell, else with {@code -s<cell>} before the extension.
     */
    public static String fileName(String puzzleName, int goalBlank, int startCell, int[] tiles) {
        StringBuilder sb =
                new StringBuilder(puzzleName).append("-b").append(goalBlank).append("-t");
        for (int j = 0; j < tiles.length; j++) {
            sb.append(j == 0 ? "" : ".").append(tiles[j]);
        }
        if (startCell != goalBlank) {
            sb.append("-s").append(startCell);
        }
        return sb.append(".pdb").toString();
    }

    /**
     * The key of a pattern database: {@code fifteen-puzzle 4x4, goal blank cell 15, pattern [1, 2, 3, 4, 5, 6, 7], half
     * excess over Manhattan in four bits}, with {@code searched from blank cell C} before the encoding for a table
     * searched from another cell than the goal blank's.
     */
    public static String key(String puzzleName, int rows, int cols, int goalBlank, int startCell, int[] tiles) {
        // a StringBuilder, as on the whole path of a load: the first run of each '+' site costs a JVM tens of ms
        StringBuilder sb = new StringBuilder(puzzleName)
                .append(' ')
                .append(rows)
                .append('x')
                .append(cols);
        sb.append(", goal blank cell ").append(goalBlank).append(", pattern ").append(Arrays.toString(tiles));
        if (startCell != goalBlank) {
            sb.append(", searched from blank cell ").append(startCell);
        }
        return sb.append(", half excess over Manhattan in four bits").toString();
    }

    /** The key of {@code pdb}'s file. */
    public static String key(PatternDatabase pdb, String puzzleName) {
        return key(puzzleName, pdb.rows(), pdb.cols(), pdb.goalBlank(), pdb.startCell(), pdb.tiles());
    }

    /** How the pattern database of {@code tiles} (R x C, goal class, start cell) goes to and from its file. */
    public static TableFile.Codec<PatternDatabase> codec(
            int rows, int cols, int goalBlank, int startCell, int[] tiles) {
        return new TableFile.Codec<>() {
            @Override
            public byte[] meta(PatternDatabase pdb) {
                return NOTHING;
            }

            @Override
            public byte[] entries(PatternDatabase pdb) {
                return pdb.packed();
            }

            @Override
            public PatternDatabase decode(Path file, byte[] meta, byte[] entries) throws TableFileException {
                long want = PatternDatabase.entryBytes(new PatternSpace(rows * cols, tiles.length).size());
                if (meta.length != 0 || entries.length != want) {
                    throw new TableFileException(file + ": corrupt header");
                }
                return new PatternDatabase(rows, cols, goalBlank, startCell, tiles, entries);
            }
        };
    }

    /** {@link #codec} of {@code pdb}'s own table (to write it). */
    public static TableFile.Codec<PatternDatabase> codec(PatternDatabase pdb) {
        return codec(pdb.rows(), pdb.cols(), pdb.goalBlank(), pdb.startCell(), pdb.tiles());
    }
}
