package io.puzzleatlas.core.definition;

/**
 * One move as the file lists it: per set (in the definition's set order) a passive permutation {@code perm} (0-based:
 * slot i receives the piece of slot {@code perm[i]}) and a twist vector indexed by the piece's SOURCE slot (the piece
 * leaving slot j turns by {@code twist[j]}). A set the file leaves out is the identity with no twist (held as null, so
 * that a file of many moves of a big puzzle costs no identity arrays). Arrays are never handed out.
 */
final class DefinedMove {
    private final String name;
    final int[][] perm;
    final int[][] twist;
    private final int line;

    DefinedMove(String name, int[][] perm, int[][] twist, int line) {
        this.name = name;
        this.perm = perm;
        this.twist = twist;
        this.line = line;
    }

    public String name() {
        return name;
    }

    /** The line of the file that names the move (messages about it point there). */
    public int line() {
        return line;
    }

    /** The slot whose piece slot {@code slot} of set {@code set} receives. */
    public int source(int set, int slot) {
        return perm[set] == null ? slot : perm[set][slot];
    }

    /** The twist of the piece leaving slot {@code slot} of set {@code set}. */
    public int twist(int set, int slot) {
        return twist[set] == null ? 0 : twist[set][slot];
    }

    /** Whether the move touches set {@code set} at all. */
    public boolean moves(int set) {
        return perm[set] != null;
    }
}
