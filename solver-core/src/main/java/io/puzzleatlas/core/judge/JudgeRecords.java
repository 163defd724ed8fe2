package io.puzzleatlas.core.judge;

import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;

/**
 * A contest input read as records, fields still text, so that one bad board does not end the input (as it does for
 * {@link Judge}): {@code solve} reports it and reads on. A kind's {@code JudgeKind.records} says how its input is laid
 * out: one board per line ({@link #lines}), or blocks of a step-limit line and the board's tokens on the line(s) after
 * it ({@link #blocks}), either up to an end-of-input line or not. Blank lines separate nothing and are skipped; lines
 * after the end-of-input line are reported, not dropped. Lines end at {@code \n} (a {@code \r} before it is dropped).
 *
 * <p>An input is streamed: {@link #next} reads only as far as the next record (one line of look-ahead), so an input of
 * any size is read in bounded memory.
 */
public final class JudgeRecords {
    /** Receives each record: its fields as text (null when absent). */
    @FunctionalInterface
    public interface Sink {
        /**
         * One record: where it starts ({@code line}, 1-based), its fields (null when absent), its raw text (a block's
         * lines joined by {@code " / "}), and why it is broken when the reader already knows (else null).
         */
        void accept(long line, String start, String goal, String stepLimit, String raw, String reason);
    }

    private final Reader in;
    /** The board tokens of a block, or 0 for one board per line. */
    private final int blockCells;

    private final String endMarker;
    private final String fixedStart;
    private final StringBuilder buffer = new StringBuilder();
    /** The line read ahead (null: none), and the number of the last line taken. */
    private String peeked;

    private boolean eof;
    private long lineNo;
    private long endLine = -1;

    private JudgeRecords(Reader in, int blockCells, String endMarker, String fixedStart) {
        this.in = in;
        this.blockCells = blockCells;
        this.endMarker = endMarker;
        this.fixedStart = fixedStart;
    }

    /** One board per line, each a record's start, up to a line {@code endMarker} (null: none). */
    public static JudgeRecords lines(Reader in, String endMarker) {
        return new JudgeRecords(in, 0, endMarker, null);
    }

    /**
     * Blocks of a step limit, then a goal board of {@code cells} tokens (possibly on the same line, possibly over
     * several), up to a line {@code endMarker}; every record starts at {@code fixedStart}.
     */
    public static JudgeRecords blocks(Reader in, String endMarker, String fixedStart, int cells) {
        return new JudgeRecords(in, cells, endMarker, fixedStart);
    }

    /** Gives the next record to {@code sink}; false when the input has no more. */
    public boolean next(Sink sink) {
        String rawLine;
        while ((rawLine = take()) != null) {
            String line = rawLine.trim();
            if (line.isEmpty()) {
                continue;
            }
            if (endLine > 0) {
                sink.accept(lineNo, null, null, null, rawLine, "after the end-of-input line " + endLine);
                return true;
            }
            if (line.equals(endMarker)) {
                endLine = lineNo;
                continue;
            }
            if (blockCells == 0) {
                sink.accept(lineNo, line, null, null, rawLine, null);
                return true;
            }
            block(rawLine, line, sink);
            return true;
        }
        return false;
    }

    /** A step limit, then the board's tokens, possibly on the same line. */
    private void block(String rawLine, String line, Sink sink) {
        long first = lineNo;
        String[] head = line.split("\\s+");
        StringBuilder board = new StringBuilder();
        int tokens = head.length - 1;
        for (int t = 1; t < head.length; t++) {
            board.append(t > 1 ? " " : "").append(head[t]);
        }
        StringBuilder raw = new StringBuilder(rawLine);
        while (tokens < blockCells && peek() != null) {
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
        String reason = tokens < blockCells
                ? "input ends after " + tokens + " of " + blockCells + " board tokens"
                : tokens > blockCells
                        ? "extra tokens: " + tokens + " board tokens after the step limit, expected " + blockCells
                        : null;
        sink.accept(first, fixedStart, board.toString(), head[0], raw.toString(), reason);
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
