package io.puzzleatlas.jobs.solve;

import io.puzzleatlas.core.puzzle.Puzzle;

/**
 * Judge-format input of {@code solve}, read as records so that one bad board does not end the
 * input (as it does in {@code judge} mode): sliding puzzles one board per line; the rotation
 * game one board per line up to a line {@code 0}; the magic board a step-limit line, then the
 * target's 8 numbers on the following line(s), up to a line {@code -1}. Blank lines separate
 * nothing and are skipped; lines after the end marker are reported, not dropped.
 */
final class JudgeRecords {
    private JudgeRecords() {
    }

    static void read(Puzzle puzzle, String content, RecordSink sink) {
        String[] lines = content.split("\r?\n", -1);
        boolean blocks = puzzle.enumeratesGoals();
        String endMarker = blocks ? "-1" : puzzle.hasGoalBoard() ? null : "0";
        String fixedStart = blocks ? puzzle.format(puzzle.defaultStart()) : null;
        int cells = puzzle.cellCount();
        long endLine = -1;
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i].trim();
            long lineNo = i + 1;
            if (line.isEmpty()) {
                continue;
            }
            if (endLine > 0) {
                sink.accept(lineNo, null, null, null, RecordSink.raw(lines[i]), "after the end-of-input line " + endLine);
                continue;
            }
            if (line.equals(endMarker)) {
                endLine = lineNo;
                continue;
            }
            if (!blocks) {
                sink.accept(lineNo, line, null, null, RecordSink.raw(lines[i]), null);
                continue;
            }
            // Magic board: "N" then the target's tokens, possibly on the same line.
            String[] first = line.split("\\s+");
            StringBuilder board = new StringBuilder();
            int tokens = first.length - 1;
            for (int t = 1; t < first.length; t++) {
                board.append(t > 1 ? " " : "").append(first[t]);
            }
            StringBuilder raw = new StringBuilder(lines[i]);
            while (tokens < cells && i + 1 < lines.length) {
                String next = lines[i + 1].trim();
                if (next.equals(endMarker) && tokens == 0) {
                    break;
                }
                i++;
                if (next.isEmpty()) {
                    continue;
                }
                raw.append(" / ").append(lines[i]);
                board.append(board.length() > 0 ? " " : "").append(next);
                tokens += next.split("\\s+").length;
            }
            String reason = tokens < cells ? "input ends after " + tokens + " of " + cells + " board tokens"
                    : tokens > cells ? "extra tokens: " + tokens + " board tokens after the step limit, expected " + cells
                    : null;
            sink.accept(lineNo, fixedStart, board.toString(), first[0], RecordSink.raw(raw.toString()), reason);
        }
    }
}
