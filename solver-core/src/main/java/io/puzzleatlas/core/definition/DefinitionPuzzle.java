package io.puzzleatlas.core.definition;

import io.puzzleatlas.core.concurrent.Lazy;
import io.puzzleatlas.core.kind.TooLargeException;
import io.puzzleatlas.core.puzzle.InvalidBoardException;
import io.puzzleatlas.core.puzzle.Puzzle;
import io.puzzleatlas.core.table.TwoBitBreadthFirstSearch;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A defined puzzle in one metric as a {@link Puzzle}. A board is the rank of its state in the {@link DefinitionSpace}
 * (so boards, instance ids and the space's states are one number). Its text is each set's pieces (the file's own piece
 * numbers or labels), then that set's orientations when it has more than one, sets in file order, tokens separated by
 * spaces.
 *
 * <p>Reachability: with distinct pieces, exact (the element taking start to goal must be in the group:
 * {@link SchreierSims#contains}); with identical pieces, only the rank space's own rules (pieces of each orbit, kept
 * parities and orientation sums) are checked, so an unreachable board may pass (a solve then says so).
 */
public final class DefinitionPuzzle implements Puzzle {
    private final String name;
    private final Definition definition;
    private final MoveSet moves;
    /** Built on first use: a puzzle too big to rank (an orbit of over 20 distinct pieces) still has its group. */
    private final Lazy<DefinitionSpace> space;

    private final Lazy<DefinitionGroup> group;
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
     * The ranked space of the boards, distances to the solved state.
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
     * Whether the atlas ranks through the stabiliser chain ({@link ChainSpace}): pieces all distinct and a group
     * smaller than the per-orbit ranks (then every chain rank is a reachable state).
     */
    public boolean ranksThroughChain() {
        return !definition.hasIdenticalPieces()
                && group.get().order().compareTo(BigInteger.valueOf(space().size())) < 0;
    }

    /** The chain space with distances to {@code board}. */
    public ChainSpace chainSpace(long board) {
        ChainSpace identity = new ChainSpace(group.get(), -1);
        int[] h = element(group.get(), board);
        return new ChainSpace(group.get(), identity.rankElement(h));
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

    /** The chain rank of a board. */
    public long chainRankOf(ChainSpace chain, long board) {
        return chain.rankElement(element(group.get(), board));
    }

    /** The board (rank in {@link #space()}) of a chain rank. */
    public long boardOfChainRank(ChainSpace chain, long rank) {
        int[] h = new int[group.get().degree()];
        chain.unrankElement(rank, h);
        int[] labels = new int[space().slotCount()];
        int[] orientations = new int[space().slotCount()];
        group.get().stateOf(h, solvedLabels, solvedOrientations, labels, orientations);
        return space().rank(labels, orientations);
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public int cellCount() {
        return moves.slotCount;
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
        int[] labels = new int[space().slotCount()];
        int[] orientations = new int[space().slotCount()];
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
        String why = space().refuse(labels, orientations);
        if (why != null) {
            throw new InvalidBoardException(why);
        }
        return space().rank(labels, orientations);
    }

    @Override
    public String format(long board) {
        checkBoard(board);
        int[] labels = new int[space().slotCount()];
        int[] orientations = new int[space().slotCount()];
        space().unrank(board, labels, orientations);
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
        if (board < 0 || board >= space().size()) {
            throw new IllegalArgumentException(
                    "board " + board + " is not a rank of " + name + " (0.." + (space().size() - 1) + ")");
        }
    }

    @Override
    public long applyMove(long board, int move) {
        return space().move(board, move);
    }

    @Override
    public boolean hasGoalBoard() {
        return true;
    }

    @Override
    public long defaultGoal() {
        return space().goal();
    }

    @Override
    public boolean isGoal(long board, long goal) {
        return board == goal;
    }

    @Override
    public boolean reachable(long start, long goal) {
        checkBoard(start);
        checkBoard(goal);
        if (definition.hasIdenticalPieces()) {
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

    private int[] element(DefinitionGroup g, long board) {
        int[] labels = new int[space().slotCount()];
        int[] orientations = new int[space().slotCount()];
        space().unrank(board, labels, orientations);
        return g.elementOf(labels, orientations, setOf, solvedSlot, solvedOrientations);
    }

    /** Every rank of the space (a superset of the boards that reach the goal when the group is smaller). */
    @Override
    public long boardCount() {
        return space().size();
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
