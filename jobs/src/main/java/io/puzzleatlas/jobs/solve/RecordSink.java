package io.puzzleatlas.jobs.solve;

/** Receives the records a text input is split into, fields still as text. */
interface RecordSink {
    /** Longest raw text kept in {@code errors/}; longer lines are cut and marked. */
    int MAX_RAW = 1000;

    /**
     * One record: where it starts ({@code line}, 1-based), its fields (null when absent), its raw
     * text, and why it is broken when the reader already knows (else null).
     */
    void accept(long line, String start, String goal, String stepLimit, String raw, String reason);

    /** {@code text} cut to {@link #MAX_RAW} characters. */
    static String raw(String text) {
        return text.length() <= MAX_RAW ? text : text.substring(0, MAX_RAW) + "...(" + text.length() + " chars)";
    }
}
