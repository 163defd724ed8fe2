package io.puzzleatlas.core.definition;

import io.puzzleatlas.core.concurrent.Lazy;
import io.puzzleatlas.core.kind.TooLargeException;
import io.puzzleatlas.core.puzzle.InvalidBoardException;
import io.puzzleatlas.core.puzzle.Puzzle;
import io.puzzleatlas.core.table.RankedSpace;
import io.puzzleatlas.core.table.TwoBitBreadthFirstSearch;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A defined puzzle in one metric as a {@link Puzzle}. A board is the rank of its state in the puzzle's ranked space
 * ({@link #rankedSpace}), so boards, instance ids and the space's states are one number. Which space numbers the boards
 * is decided in one place, {@link #ranksThroughChain()}:
 *
 * <ul>
 *   <li>the group's stabiliser chain ({@link ChainSpace}: a board is a group element's chain rank, exactly the group's
 *       order of them, all reachable) when the pieces are all distinct and either the per-orbit ranks cannot be
 *       numbered in a long (an orbit of more than 20 distinct pieces: M24) or the group is smaller than their count
 *       (M12 in A12);
 *   <li>else the per-orbit ranks ({@link DefinitionSpace}): coset spaces (identical pieces), and groups that fill their
 *       per-orbit ranks (the pocket cube, LRX, pancakes).
 * </ul>
 *
 * <p>A board's text is each set's pieces (the file's own piece numbers or labels), then that set's orientations when it
 * has more than one, sets in file order, tokens separated by spaces. Through the chain, parsing refuses a state that is
 * not in the group; per orbit, it refuses what the coordinates cannot rank.
 *
 * <p>Reachability: through the chain, every board reaches every other; per orbit with distinct pieces, exact (the
 * element taking start to goal must be in the group: {@link SchreierSims#contains}); with identical pieces, only the
 * rank space's own rules (pieces of each orbit, kept parities and orientation sums) are checked, so an unreachable
 * board may pass (a solve then says so).
 */
public final class DefinitionPuzzle implements Puzzle {
    private final String name;
    private final Definition definition;
    private final MoveSet moves;
    /** Built on first use: a puzzle too big to rank (an orbit of over 20 distinct pieces) still has its group. */
    private final Lazy<DefinitionSpace> space;

    private final Lazy<DefinitionGroup> group;
    /** The numbering of the boards ({@link #ranksThroughChain()}), decided on first use. */
    private final Lazy<Boolean> throughChain;
    /** The chain space toward the solved state, when the boards are its ranks. */
    private final Lazy<ChainSpace> chain;
    /** Per set: piece text to label. */
    private final List<Map<String, Integer>> labelsByText;

    private final int tokenCount;
    private final int[] setOf;
    private final int[][] solvedSlot;
    private final int[] solvedLabels;
    private final int[] solvedOrientations;

    public DefinitionPuzzle(String name, Definition definition, Metric metric) {
        this.name = name;
        this.definition = definition;
        this.moves = new MoveSet(definition, metric);
        this.space = Lazy.of(() -> new DefinitionSpace(moves));
        this.group = Lazy.of(() -> new DefinitionGroup(moves));
        this.throughChain = Lazy.of(this::decideNumbering);
        this.chain = Lazy.of(() -> new ChainSpace(group.get(), -1));
        int n = moves.slotCount;
        setOf = new int[n];
        solvedLabels = new int[n];
        solvedOrientations = new int[n];
        solvedSlot = new int[definition.sets().size()][];
        labelsByText = new ArrayList<>();
        int tokens = 0;
        for (int s = 0; s < definition.sets().size(); s++) {
            PieceSet set = definition.sets().get(s);
            tokens += set.orientations() > 1 ? 2 * set.slots() : set.slots();
            Map<String, Integer> byText = new HashMap<>();
            String[] texts = definition.labelTexts[s];
            for (int l = 0; l < texts.length; l++) {
                byText.put(texts[l], l);
            }
            labelsByText.add(byText);
            solvedSlot[s] = new int[texts.length];
            for (int i = 0; i < set.slots(); i++) {
                int g = moves.offset(s) + i;
                setOf[g] = s;
                solvedLabels[g] = definition.solvedLabels[s][i];
                solvedOrientations[g] = definition.solvedOrientations[s][i];
                solvedSlot[s][solvedLabels[g]] = g;
            }
        }
        tokenCount = tokens;
    }

    public Definition definition() {
        return definition;
    }

    public MoveSet moves() {
        return moves;
    }

    /**
     * The per-orbit ranked space ({@link DefinitionSpace}), distances to the solved state: the boards' space unless
     * they are chain ranks ({@link #ranksThroughChain()}).
     *
     * @throws io.puzzleatlas.core.kind.TooLargeException when its states cannot be numbered in a long
     */
    public DefinitionSpace space() {
        return space.get();
    }

    /** The group of the moves (computed on first use). */
    public DefinitionGroup group() {
        return group.get();
    }

    /**
     * Whether the boards are chain ranks ({@link ChainSpace}) rather than per-orbit ranks ({@link DefinitionSpace}):
     * the one decision of the numbering (see the class comment). Decided on first use: the group's order by
     * Schreier-Sims against the per-orbit rank count (coordinates only, no move tables).
     */
    public boolean ranksThroughChain() {
        return throughChain.get();
    }

    private boolean decideNumbering() {
        if (definition.hasIdenticalPieces()) {
            return false;
        }
        long perOrbit;
        try {
            perOrbit = new DefinitionSpace(moves, -1, false).size();
        } catch (TooLargeException e) {
            return true;
        }
        return group.get().order().compareTo(BigInteger.valueOf(perOrbit)) < 0;
    }

    /** The chain space of the boards, distances to the solved state; only when {@link #ranksThroughChain()}. */
    public ChainSpace chainSpace() {
        if (!ranksThroughChain()) {
            throw new IllegalStateException(name + " ranks its boards per orbit, not through the chain");
        }
        return chain.get();
    }

    /**
     * The space whose ranks are the boards, distances to the board {@code goal}: the chain's or the per-orbit one
     * ({@link #ranksThroughChain()}). The space of {@link DefinitionKind#space}, the atlas and the solver.
     */
    public RankedSpace rankedSpace(long goal) {
        checkBoard(goal);
        return ranksThroughChain() ? chain.get().toward(goal) : space().toward(goal);
    }

    /**
     * The number of states, exactly: the group's order when all pieces differ (Schreier-Sims); with identical pieces
     * the orbit of the solved state, counted by the two-bit search of the ranked space (the atlas's total; refused past
     * two-bit search's largest array).
     */
    public BigInteger stateCount() {
        if (!definition.hasIdenticalPieces()) {
            return group.get().order();
        }
        if (space().size() > TwoBitBreadthFirstSearch.MAX_RANKS) {
            throw new TooLargeException(name + ": counting the states of a coset space of " + space().size()
                    + " ranks needs more than one two-bit array");
        }
        TooLargeException.checkHeap(
                "counting the states of " + name, TwoBitBreadthFirstSearch.checkpointBytes(space().size()));
        long[] h = TwoBitBreadthFirstSearch.run(space().size(), space().goal(), t -> space().predecessors(), 1)
                .histogram();
        long n = 0;
        for (long c : h) {
            n += c;
        }
        return BigInteger.valueOf(n);
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public int cellCount() {
        return moves.slotCount;
    }

    /** A board's text has a token per slot and one per orientation ({@link #tokenCount}), not one per cell. */
    @Override
    public boolean tokenPerCell() {
        return false;
    }

    /** Tokens of a board's text: every set's pieces, and its orientations where it has some. */
    public int tokenCount() {
        return tokenCount;
    }

    @Override
    public List<String> moveNames() {
        return moves.names();
    }

    @Override
    public long parse(String[] tokens) {
        if (tokens.length != tokenCount) {
            throw new InvalidBoardException("expected " + tokenCount
                    + " tokens (each set's pieces, then its orientations), got " + tokens.length);
        }
        int[] labels = new int[moves.slotCount];
        int[] orientations = new int[moves.slotCount];
        int t = 0;
        for (int s = 0; s < definition.sets().size(); s++) {
            PieceSet set = definition.sets().get(s);
            int off = moves.offset(s);
            for (int i = 0; i < set.slots(); i++) {
                Integer l = labelsByText.get(s).get(tokens[t++]);
                if (l == null) {
                    throw new InvalidBoardException("no piece " + tokens[t - 1] + " in set " + set.name());
                }
                labels[off + i] = l;
            }
            if (set.orientations() > 1) {
                for (int i = 0; i < set.slots(); i++) {
                    String token = tokens[t++];
                    int o;
                    try {
                        o = Integer.parseInt(token);
                    } catch (NumberFormatException e) {
                        o = -1;
                    }
                    if (o < 0 || o >= set.orientations()) {
                        throw new InvalidBoardException("orientation " + token + " of set " + set.name()
                                + " is not in 0.." + (set.orientations() - 1));
                    }
                    orientations[off + i] = o;
                }
            }
        }
        if (ranksThroughChain()) {
            return chainRank(labels, orientations);
        }
        String why = space().refuse(labels, orientations);
        if (why != null) {
            throw new InvalidBoardException(why);
        }
        return space().rank(labels, orientations);
    }

    /** The chain rank of a state of distinct pieces; refuses a repeated piece or a state outside the group. */
    private long chainRank(int[] labels, int[] orientations) {
        for (int s = 0; s < definition.sets().size(); s++) {
            PieceSet set = definition.sets().get(s);
            boolean[] seen = new boolean[set.slots()];
            for (int i = 0; i < set.slots(); i++) {
                int l = labels[moves.offset(s) + i];
                if (seen[l]) {
                    throw new InvalidBoardException(
                            "piece " + definition.labelTexts[s][l] + " of set " + set.name() + " appears twice");
                }
                seen[l] = true;
            }
        }
        DefinitionGroup g = group.get();
        int[] h = g.elementOf(labels, orientations, setOf, solvedSlot, solvedOrientations);
        if (!g.chain().contains(h)) {
            throw new InvalidBoardException("not a state of " + name + ": the " + g.order()
                    + " elements of the moves' group do not include this arrangement");
        }
        return chain.get().rankElement(h);
    }

    @Override
    public String format(long board) {
        checkBoard(board);
        int[] labels = new int[moves.slotCount];
        int[] orientations = new int[moves.slotCount];
        if (ranksThroughChain()) {
            DefinitionGroup g = group.get();
            int[] h = new int[g.degree()];
            chain.get().unrankElement(board, h);
            g.stateOf(h, solvedLabels, solvedOrientations, labels, orientations);
        } else {
            space().unrank(board, labels, orientations);
        }
        StringBuilder sb = new StringBuilder();
        for (int s = 0; s < definition.sets().size(); s++) {
            PieceSet set = definition.sets().get(s);
            int off = moves.offset(s);
            for (int i = 0; i < set.slots(); i++) {
                sb.append(sb.length() == 0 ? "" : " ").append(definition.labelTexts[s][labels[off + i]]);
            }
            if (set.orientations() > 1) {
                for (int i = 0; i < set.slots(); i++) {
                    sb.append(' ').append(orientations[off + i]);
                }
            }
        }
        return sb.toString();
    }

    private void checkBoard(long board) {
        long count = boardCount();
        if (board < 0 || board >= count) {
            throw new IllegalArgumentException(
                    "board " + board + " is not a rank of " + name + " (0.." + (count - 1) + ")");
        }
    }

    @Override
    public long applyMove(long board, int move) {
        return ranksThroughChain() ? chain.get().move(board, move) : space().move(board, move);
    }

    @Override
    public boolean hasGoalBoard() {
        return true;
    }

    @Override
    public long defaultGoal() {
        return ranksThroughChain() ? chain.get().goal() : space().goal();
    }

    @Override
    public boolean isGoal(long board, long goal) {
        return board == goal;
    }

    @Override
    public boolean reachable(long start, long goal) {
        checkBoard(start);
        checkBoard(goal);
        if (ranksThroughChain() || definition.hasIdenticalPieces()) {
            return true;
        }
        DefinitionGroup g = group.get();
        int[] s = element(g, start);
        int[] t = element(g, goal);
        // the element taking start to goal: start's inverse, then goal
        int[] h = new int[s.length];
        for (int p = 0; p < s.length; p++) {
            h[s[p]] = t[p];
        }
        return g.chain().contains(h);
    }

    /** The group element of a per-orbit board. */
    private int[] element(DefinitionGroup g, long board) {
        int[] labels = new int[moves.slotCount];
        int[] orientations = new int[moves.slotCount];
        space().unrank(board, labels, orientations);
        return g.elementOf(labels, orientations, setOf, solvedSlot, solvedOrientations);
    }

    /**
     * Every rank of the boards' space: through the chain the group's order (every board reachable), per orbit a
     * superset of the boards that reach the goal when there are identical pieces.
     */
    @Override
    public long boardCount() {
        return ranksThroughChain() ? chain.get().size() : space().size();
    }

    @Override
    public long board(long index, long reference) {
        checkBoard(index);
        return index;
    }

    @Override
    public long rank(long board, long reference) {
        checkBoard(board);
        return board;
    }
}
