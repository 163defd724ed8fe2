package io.puzzleatlas.core.definition;

import io.puzzleatlas.core.kind.TooLargeException;
import java.util.ArrayList;
import java.util.List;

/**
 * The projections a defined puzzle too big for one distance table is searched with: each a {@link DefinitionSpace} of
 * some of the state's coordinates, whose distance table is a pattern database (Culberson & Schaeffer 1998), the
 * heuristic their maximum (Korf 1997: the 3x3x3's corners and two groups of six edges). Together they cover every
 * piece, so the state is solved exactly when every projection is at its goal.
 *
 * <p>How they are chosen, for a cap C on one table's ranks: every orbit of slots whose pieces (with orientations) rank
 * within C is one part; an orbit of distinct pieces that does not fit is cut into the fewest groups of consecutive
 * pieces (in solved-slot order, sizes differing by at most one) whose tracked slots and orientations rank within C
 * ({@link ProjectedCoordinate}); an orbit of identical pieces that does not fit is followed with no table (it still
 * decides the goal). Whole-orbit parts are merged in orbit order while their product stays within C. C starts at the
 * smaller of the memory given and {@link #MAX_TABLE_RANKS}, and is halved until the tables' bytes (one per rank) fit
 * the memory.
 */
final class PatternSpaces {
    /**
     * Most ranks of one pattern table: 2^27 (Korf's 3x3x3 tables are 88,179,840 corner ranks and 42,577,920 ranks of
     * six edges); a larger table takes minutes to build on two cores.
     */
    static final long MAX_TABLE_RANKS = 1L << 27;

    private PatternSpaces() {}

    /** One projection: its space, whether it has a table, and the text naming what it follows. */
    record Pattern(DefinitionSpace space, boolean tabled, String spec) {}

    /** A part of the state: coordinates of one orbit (or several merged), their ranks. */
    private record Part(List<Coordinate> coordinates, long size, boolean tabled, String spec) {}

    /** The patterns of {@code moves} whose tables fit {@code memoryBytes} (one byte per rank). */
    static List<Pattern> choose(MoveSet moves, long memoryBytes) {
        return of(moves, cap(moves, memoryBytes));
    }

    /**
     * The cap on one table's ranks whose patterns fit {@code memoryBytes} (one byte per rank): the smaller of the
     * memory and {@link #MAX_TABLE_RANKS}, halved until the tables fit. What a plan records, so that every JVM rebuilds
     * the same patterns ({@link #of}) whatever its own heap.
     */
    static long cap(MoveSet moves, long memoryBytes) {
        long cap = Math.min(Math.max(memoryBytes, 1), MAX_TABLE_RANKS);
        while (true) {
            long bytes = 0;
            for (Part p : parts(moves, cap)) {
                bytes += p.tabled() ? p.size() : 0;
            }
            if (bytes <= memoryBytes || cap == 1) {
                return cap;
            }
            cap /= 2;
        }
    }

    /** The patterns of {@code moves} for a cap on one table's ranks ({@link #cap}). */
    static List<Pattern> of(MoveSet moves, long cap) {
        return of(moves, cap, true);
    }

    /**
     * The patterns of {@code moves} for a cap; {@code tabulate} false: their spaces number states but get no move
     * tables (a plan's candidates, which only count ranks and name files).
     */
    static List<Pattern> of(MoveSet moves, long cap, boolean tabulate) {
        List<Pattern> out = new ArrayList<>();
        for (Part p : parts(moves, cap)) {
            out.add(new Pattern(new DefinitionSpace(moves, p.coordinates(), -1, tabulate), p.tabled(), p.spec()));
        }
        return out;
    }

    private static List<Part> parts(MoveSet moves, long cap) {
        Definition d = moves.definition();
        int[][] solved = DefinitionSpace.solvedState(moves);
        List<Part> whole = new ArrayList<>();
        List<Part> rest = new ArrayList<>();
        for (int[] orbit : DefinitionSpace.orbits(moves)) {
            int s = solved[2][orbit[0]];
            PieceSet set = d.sets().get(s);
            int labelCount = d.labelTexts[s].length;
            int modulus = set.orientations();
            String name = set.name()
                    + (orbit.length == set.slots() ? "" : " (orbit of slot " + (orbit[0] - moves.offset(s) + 1) + ")")
                    + ": ";
            List<Coordinate> full = new ArrayList<>();
            long size;
            try {
                PieceCoordinate pieces =
                        new PieceCoordinate(orbit, solved[0], labelCount, DefinitionSpace.evenMoves(moves, orbit));
                if (pieces.size() > 1) {
                    full.add(pieces);
                }
                if (modulus > 1) {
                    full.add(new OrientationCoordinate(
                            orbit, modulus, DefinitionSpace.twistsSumToZero(moves, orbit, modulus), solved[1]));
                }
                size = 1;
                for (Coordinate c : full) {
                    size = Math.multiplyExact(size, c.size());
                }
            } catch (ArithmeticException e) {
                size = Long.MAX_VALUE;
            }
            if (full.isEmpty() && size != Long.MAX_VALUE) {
                continue; // identical pieces without orientations: nothing to follow
            }
            if (size <= cap) {
                whole.add(new Part(full, size, true, name + "all"));
                continue;
            }
            int[] labels = new int[orbit.length];
            boolean distinct = true;
            boolean[] seen = new boolean[labelCount];
            for (int i = 0; i < orbit.length; i++) {
                labels[i] = solved[0][orbit[i]];
                distinct &= !seen[labels[i]];
                seen[labels[i]] = true;
            }
            if (!distinct || orbit.length > 62) {
                if (size == Long.MAX_VALUE) {
                    throw new TooLargeException(d.file() + ": the " + orbit.length + " pieces of set " + set.name()
                            + " from slot " + (orbit[0] + 1 - moves.offset(s)) + " are too many to follow in a long");
                }
                rest.add(new Part(full, size, false, name + "all, no table"));
                continue;
            }
            int n = orbit.length;
            int k = 0;
            long ranks = 1;
            while (k < n - 1 && ranks * (n - k) * modulus <= cap) {
                ranks *= (long) (n - k) * modulus;
                k++;
            }
            if (k == 0) {
                rest.add(new Part(full, size, false, name + "all, no table"));
                continue;
            }
            int groups = (n + k - 1) / k;
            int from = 0;
            for (int gi = 0; gi < groups; gi++) {
                int take = n / groups + (gi < n % groups ? 1 : 0);
                int[] tracked = new int[take];
                System.arraycopy(labels, from, tracked, 0, take);
                int blank = labels[from == 0 ? take : 0];
                ProjectedCoordinate c = new ProjectedCoordinate(orbit, tracked, labelCount, blank, modulus);
                StringBuilder spec = new StringBuilder(name).append("pieces");
                for (int t : tracked) {
                    spec.append(' ').append(d.labelTexts[s][t]);
                }
                rest.add(new Part(List.of(c), c.size(), true, spec.toString()));
                from += take;
            }
        }
        // whole orbits merged while the product fits
        List<Part> out = new ArrayList<>();
        Part open = null;
        for (Part p : whole) {
            if (open != null && p.size() <= cap / open.size()) {
                List<Coordinate> cs = new ArrayList<>(open.coordinates());
                cs.addAll(p.coordinates());
                open = new Part(cs, open.size() * p.size(), true, open.spec() + "; " + p.spec());
            } else {
                if (open != null) {
                    out.add(open);
                }
                open = p;
            }
        }
        if (open != null) {
            out.add(open);
        }
        out.addAll(rest);
        return out;
    }
}
