package io.puzzleatlas.jobs.solve;

import io.puzzleatlas.core.puzzle.Puzzle;
import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;

/**
 * Judge-format input of {@code solve}, read as records so that one bad board does not end the
 * input (as it does in {@code judge} mode): sliding puzzles one board per line; the rotation
 * game one board per line up to a line {@code 0}; the magic board a step-limit line, then the
 * target's 8 numbers on the following line(s), up to a line {@code -1}. Blank lines separate
 * nothing and are skipped; lines after the end marker are reported, not dropped. Lines end at
 * {@code \n} (a {@code \r} before it is dropped).
 *
 * <p>A file is streamed: {@link #next} reads only as far as the next record (one line of
 * look-ahead), so a judge file of any size is read in bounded memory, by one task.
 */
final class JudgeRecords {
    private final Reader in;
    private final boolean blocks;
    private final String endMarker;
    private final String fixedStart;
    private final int cells;
    private final StringBuilder buffer = new StringBuilder();
    /** The line read ahead (null: none), and the number of the last line taken. */
    private String peeked;
    private boolean eof;
    private long lineNo;
    private long endLine = -1;

    JudgeRecords(Puzzle puzzle, Reader in) {
        this.in = in;
        this.blocks = puzzle.enumeratesGoals();
        this.endMarker = blocks ? "-1" : puzzle.hasGoalBoard() ? null : "0";
        this.fixedStart = blocks ? puzzle.format(puzzle.defaultStart()) : null;
        this.cells = puzzle.cellCount();
    }

    /** Gives the next record to {@code sink}; false when the input has no more. */
    boolean next(RecordSink sink) {
        String rawLine;
        while ((rawLine = take()) != null) {
            String line = rawLine.trim();
            if (line.isEmpty()) {
                continue;
            }
            if (endLine > 0) {
                sink.accept(lineNo, null, null, null, RecordSink.raw(rawLine), "after the end-of-input line " + endLine);
                return true;
            }
            if (line.equals(endMarker)) {
                endLine = lineNo;
                continue;
            }
            if (!blocks) {
                sink.accept(lineNo, line, null, null, RecordSink.raw(rawLine), null);
                return true;
            }
            // Magic board: "N" then the target's tokens, possibly on the same line.
            long first = lineNo;
            String[] head = line.split("\\s+");
            StringBuilder board = new StringBuilder();
            int tokens = head.length - 1;
            for (int t = 1; t < head.length; t++) {
                board.append(t > 1 ? " " : "").append(head[t]);
            }
            StringBuilder raw = new StringBuilder(rawLine);
            while (tokens < cells && peek() != null) {
                String following = peek().trim();
                if (following.equals(endMarker) && tokens == 0) {
                    break;
                }
                String taken = take();
                if (following.isEmpty()) {
                    continue;
                }
                raw.append(" / ").append(taken);
                board.append(board.length() > 0 ? " " : "").append(following);
                tokens += following.split("\\s+").length;
            }
            String reason = tokens < cells ? "input ends after " + tokens + " of " + cells + " board tokens"
                    : tokens > cells ? "extra tokens: " + tokens + " board tokens after the step limit, expected " + cells
                    : null;
            sink.accept(first, fixedStart, board.toString(), head[0], RecordSink.raw(raw.toString()), reason);
            return true;
        }
        return false;
    }

    /** The next line, counted; null at the end. */
    private String take() {
        String line = peek();
        peeked = null;
        if (line != null) {
            lineNo++;
        }
        return line;
    }

    private String peek() {
        if (peeked == null && !eof) {
            peeked = readLine();
        }
        return peeked;
    }

    private String readLine() {
        buffer.setLength(0);
        try {
            int c;
            while ((c = in.read()) >= 0 && c != '\n') {
                buffer.append((char) c);
            }
            if (c < 0) {
                eof = true;
                if (buffer.length() == 0) {
                    return null;
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        int n = buffer.length();
        return n > 0 && buffer.charAt(n - 1) == '\r' ? buffer.substring(0, n - 1) : buffer.toString();
    }
}
