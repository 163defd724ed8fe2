package io.puzzleatlas.core.santa;

import java.util.Map;

/** Small Santa-format files written for the tests: one type of 4 stickers, a 3-cycle {@code a} and a swap {@code b}. */
final class TinyFiles {
    static final String INFO = "puzzle_info.csv";
    static final String PUZZLES = "puzzles.csv";
    static final String SUBMISSION = "submission.csv";

    static final String INFO_TEXT = "puzzle_type,allowed_moves\n" + "tiny,\"{'a': [1, 2, 0, 3], 'b': [0, 1, 3, 2]}\"\n";

    /** 0: solved by {@code a}; 1: two stickers off, two wildcards; 2: a colouring solved by {@code a.a}. */
    static final String PUZZLES_TEXT = "id,puzzle_type,solution_state,initial_state,num_wildcards\n"
            + "0,tiny,A;B;C;D,C;A;B;D,0\n"
            + "1,tiny,A;B;C;D,B;A;C;D,2\n"
            + "2,tiny,A;A;B;B,A;B;A;B,0\n";

    private TinyFiles() {}

    static Map<String, PuzzleType> types() {
        return PuzzleInfoReader.read(INFO, INFO_TEXT);
    }

    static Map<Integer, SantaPuzzle> puzzles() {
        return PuzzlesReader.read(PUZZLES, PUZZLES_TEXT, types());
    }

    static Map<Integer, SantaPuzzle> puzzles(String rows) {
        return PuzzlesReader.read(PUZZLES, PuzzlesReader.HEADER + "\n" + rows, types());
    }

    static Map<Integer, int[]> submission(String rows) {
        return SubmissionReader.read(SUBMISSION, SubmissionReader.HEADER + "\n" + rows, puzzles());
    }
}
