package io.puzzleatlas.core.santa;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads {@code puzzle_info.csv} ({@code puzzle_type,allowed_moves}) into its puzzle types, in file order. Every refusal
 * is one line naming the file, the line and the type.
 */
public final class PuzzleInfoReader {
    public static final String HEADER = "puzzle_type,allowed_moves";

    private PuzzleInfoReader() {}

    /** @throws SantaFormatException on a malformed row, a repeated type or an invalid move */
    public static Map<String, PuzzleType> read(String file, String text) {
        CsvText csv = new CsvText(file, text, HEADER);
        Map<String, PuzzleType> types = new LinkedHashMap<>();
        for (int r = 0; r < csv.records(); r++) {
            List<String> f = csv.fields(r, 2);
            String name = f.get(0);
            if (name.isEmpty()) {
                throw csv.error(csv.line(r), "empty puzzle_type");
            }
            if (types.containsKey(name)) {
                throw csv.error(csv.line(r), "type " + CsvText.shorten(name) + " repeats");
            }
            try {
                MoveDictParser moves = new MoveDictParser(f.get(1));
                types.put(name, PuzzleType.of(name, moves.names, moves.perms));
            } catch (IllegalArgumentException e) {
                throw csv.error(
                        csv.line(r),
                        (e.getMessage().startsWith("type ") ? "" : "type " + name + ": ") + e.getMessage());
            }
        }
        return types;
    }
}
