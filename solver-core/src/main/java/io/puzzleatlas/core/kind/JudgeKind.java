package io.puzzleatlas.core.kind;

import io.puzzleatlas.core.judge.JudgeFormat;
import io.puzzleatlas.core.judge.JudgeRecords;
import io.puzzleatlas.core.puzzle.Puzzle;
import java.io.Reader;

/** A kind with a contest format, read and written by {@code judge} and read as records by {@code solve}. */
public interface JudgeKind extends PuzzleKind {
    /**
     * The contest format of {@code puzzle}.
     *
     * @param goal the goal given on the command line, or null
     * @param countOnly answer move counts only (where the format has such a mode)
     * @throws IllegalArgumentException when an option does not apply to this kind
     */
    JudgeFormat judge(Puzzle puzzle, String goal, boolean countOnly);

    /** The contest input {@code in} as records, laid out as {@link #judge}'s format reads it. */
    JudgeRecords records(Puzzle puzzle, Reader in);

    /**
     * Judge-format input of a puzzle of any kind as records: a judge kind's own layout, for the others one board per
     * line.
     */
    static JudgeRecords records(PuzzleKind kind, Puzzle puzzle, Reader in) {
        return kind instanceof JudgeKind j ? j.records(puzzle, in) : JudgeRecords.lines(in, null);
    }
}
