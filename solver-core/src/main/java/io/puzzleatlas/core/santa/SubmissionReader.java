package io.puzzleatlas.core.santa;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads a submission ({@code id,moves}, moves joined by {@code .}, an empty field zero moves) against the puzzles it
 * answers: each row's moves become move indices of the row's type. A row is refused in one line naming its id when the
 * id is not a puzzle's or repeats, or naming the id and the move when a move is not one of its type's.
 */
public final class SubmissionReader {
    public static final String HEADER = "id,moves";

    private SubmissionReader() {}

    /** Move indices by id, in file order. */
    public static Map<Integer, int[]> read(String file, String text, Map<Integer, SantaPuzzle> puzzles) {
        CsvText csv = new CsvText(file, text, HEADER);
        Map<Integer, int[]> rows = new LinkedHashMap<>();
        for (int r = 0; r < csv.records(); r++) {
            int line = csv.line(r);
            List<String> f = csv.fields(r, 2);
            int id = id(csv, line, f.get(0));
            SantaPuzzle puzzle = puzzles.get(id);
            if (puzzle == null) {
                throw csv.error(line, "id " + id + ": no such puzzle");
            }
            if (rows.containsKey(id)) {
                throw csv.error(line, "id " + id + ": repeats");
            }
            rows.put(id, moves(csv, line, puzzle, f.get(1)));
        }
        return rows;
    }

    private static int[] moves(CsvText csv, int line, SantaPuzzle puzzle, String text) {
        if (text.isEmpty()) {
            return new int[0];
        }
        PuzzleType type = puzzle.type();
        String[] names = text.split("\\.", -1);
        int[] moves = new int[names.length];
        for (int i = 0; i < names.length; i++) {
            int m = type.moveIndex(names[i]);
            if (m < 0) {
                throw csv.error(
                        line,
                        "id " + puzzle.id() + ": unknown move '" + CsvText.shorten(names[i]) + "' for " + type.name());
            }
            moves[i] = m;
        }
        return moves;
    }

    /** An id field as a non-negative int, refused in one line otherwise. */
    static int id(CsvText csv, int line, String text) {
        int id = PuzzlesReader.nonNegative(text);
        if (id < 0) {
            throw csv.error(line, "id '" + CsvText.shorten(text) + "' is not a non-negative integer");
        }
        return id;
    }
}
