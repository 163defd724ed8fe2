package io.puzzleatlas.core.definition;

import java.util.Arrays;
import java.util.function.LongPredicate;

/**
 * One factor of a definition's ranks: the pieces, or the orientations, on one orbit of slots (slots the moves mix with
 * each other; a piece never leaves its orbit). Ranks are dense in {@code [0, size())} and a coordinate changes under a
 * move independently of the others, so the space's rank is a mixed-radix number of coordinates and a move can be a
 * table lookup per coordinate ({@link #table}).
 */
abstract class Coordinate {
    /** Global slots of the orbit, ascending. */
    final int[] slots;
    /**
     * Move table, {@code table[m * size + c]}: the coordinate after step m (moves, then the inverses of a listed
     * metric); null when too big to tabulate.
     */
    int[] table;

    Coordinate(int[] slots) {
        this.slots = slots;
    }

    abstract long size();

    /** What the coordinate ranks, for a log line ({@code 12 distinct pieces, even arrangements}). */
    abstract String describe();

    /**
     * The rank of the orbit's part of a state (global arrays); assumes {@link #refuse} said null. {@code scratch} (as
     * long as the slots of all sets) is the caller's, so ranking allocates nothing.
     */
    abstract long rank(int[] labels, int[] orientations, int[] scratch);

    /** Writes the orbit's part of the state of rank {@code r} into global arrays. */
    abstract void unrank(long r, int[] labels, int[] orientations, int[] scratch);

    /** Whether the orbit's part of the state is one the coordinate ranks; else why not, as text. */
    abstract String refuse(int[] labels, int[] orientations);

    /** Writes what move m makes of the orbit's part of {@code (labels, orientations)} into the out arrays. */
    void apply(MoveSet moves, int m, int[] labels, int[] orientations, int[] labelsOut, int[] orientationsOut) {
        int[] src = moves.src[m];
        int[] add = moves.add[m];
        for (int g : slots) {
            labelsOut[g] = labels[src[g]];
            int o = orientations[src[g]] + add[g]; // both below the modulus
            orientationsOut[g] = o >= moves.modulus[g] ? o - moves.modulus[g] : o;
        }
    }

    /**
     * Adds {@code place} times the coordinate after each step {@code first + m} to {@code out[at + m]}, for the
     * {@code moves.count()} steps from {@code first} (the moves, or the inverses of a listed metric's), the coordinate
     * now being {@code digit}: how a space steps a coordinate too big to tabulate. By default unrank once, then apply
     * and rank per move into the caller's scratch arrays (each as long as the slots of all sets); a coordinate with a
     * faster way overrides it.
     */
    void step(MoveSet moves, int first, long digit, long place, long[] out, int at, Scratch x) {
        unrank(digit, x.labels, x.orientations, x.scratch);
        for (int m = 0; m < moves.count(); m++) {
            apply(moves, first + m, x.labels, x.orientations, x.labelsOut, x.orientationsOut);
            out[at + m] += rank(x.labelsOut, x.orientationsOut, x.scratch) * place;
        }
    }

    /**
     * Whether the coordinate after some step {@code first + m} passes {@code test}, the coordinate being {@code digit}
     * (a space of this coordinate alone: the coordinate is the rank). By default all steps into {@code buffer}, then
     * tested; a coordinate stepping move by move stops at the first.
     */
    boolean anyStep(MoveSet moves, int first, long digit, LongPredicate test, long[] buffer, Scratch x) {
        Arrays.fill(buffer, 0, moves.count(), 0);
        step(moves, first, digit, 1, buffer, 0, x);
        for (int m = 0; m < moves.count(); m++) {
            if (test.test(buffer[m])) {
                return true;
            }
        }
        return false;
    }

    /** Readies {@link #step} for {@code moves} (a coordinate that is not tabulated is stepped by it). */
    void prepare(MoveSet moves) {}

    /** One thread's scratch arrays for {@link #step}. */
    static final class Scratch {
        final int[] labels;
        final int[] orientations;
        final int[] labelsOut;
        final int[] orientationsOut;
        final int[] scratch;

        Scratch(int slotCount) {
            labels = new int[slotCount];
            orientations = new int[slotCount];
            labelsOut = new int[slotCount];
            orientationsOut = new int[slotCount];
            scratch = new int[slotCount];
        }
    }

    /** Fills {@link #table} (size x steps ints) from unrank, apply and rank. */
    void tabulate(MoveSet moves, int slotCount) {
        int n = (int) size();
        int count = moves.steps();
        int[] t = new int[n * count];
        int[] labels = new int[slotCount];
        int[] orientations = new int[slotCount];
        int[] labelsOut = new int[slotCount];
        int[] orientationsOut = new int[slotCount];
        int[] scratch = new int[slotCount];
        for (int c = 0; c < n; c++) {
            unrank(c, labels, orientations, scratch);
            for (int m = 0; m < count; m++) {
                apply(moves, m, labels, orientations, labelsOut, orientationsOut);
                t[m * n + c] = (int) rank(labelsOut, orientationsOut, scratch);
            }
        }
        table = t;
    }

    /**
     * Slots for a message, numbered from 1 across the sets in file order, runs joined: {@code slots 1-8}, {@code slots
     * 9-12, 15}.
     */
    static String slotsText(int[] slots) {
        int[] sorted = slots.clone();
        Arrays.sort(sorted);
        StringBuilder s = new StringBuilder(sorted.length == 1 ? "slot " : "slots ");
        for (int i = 0; i < sorted.length; ) {
            int j = i;
            while (j + 1 < sorted.length && sorted[j + 1] == sorted[j] + 1) {
                j++;
            }
            if (i > 0) {
                s.append(", ");
            }
            s.append(sorted[i] + 1);
            if (j > i) {
                s.append('-').append(sorted[j] + 1);
            }
            i = j + 1;
        }
        return s.toString();
    }
}
