package io.puzzleatlas.core.definition;

import io.puzzleatlas.core.concurrent.Lazy;
import io.puzzleatlas.core.kind.TooLargeException;
import io.puzzleatlas.core.puzzle.InvalidBoardException;
import io.puzzleatlas.core.puzzle.Puzzle;
import io.puzzleatlas.core.puzzle.UnreachableBoardException;
import io.puzzleatlas.core.puzzle.WideBoards;
import io.puzzleatlas.core.table.RankedSpace;
import io.puzzleatlas.core.table.TwoBitBreadthFirstSearch;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;

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
 * <p>Reachability: every board reaches every other (through the chain they are group elements; per orbit with distinct
 * pieces the group fills the ranks, or the chain would number them); with identical pieces only the rank space's own
 * rules (pieces of each orbit, kept parities and orientation sums) are checked, so an unreachable board may pass (a
 * table descent then says so). Boards as text ({@link #wide()}) are checked against the group when the pieces differ.
 */
final class DefinitionPuzzle implements Puzzle {
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

    private final Lazy<Optional<WideBoards>> wideBoards = Lazy.of(this::decideWide);
    private final Lazy<String> fingerprint = Lazy.of(this::computeFingerprint);
    /** A state's text: read and written. */
    private final StateText text;
    /** Each move name's index, looked up in a scramble's text without a String per name. */
    private final MoveNames moveNames;

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
        for (int s = 0; s < definition.sets().size(); s++) {
            PieceSet set = definition.sets().get(s);
            solvedSlot[s] = new int[definition.labelTexts[s].length];
            for (int i = 0; i < set.slots(); i++) {
                int g = moves.offset(s) + i;
                setOf[g] = s;
                solvedLabels[g] = definition.solvedLabels[s][i];
                solvedOrientations[g] = definition.solvedOrientations[s][i];
                solvedSlot[s][solvedLabels[g]] = g;
            }
        }
        text = new StateText(definition, moves, solvedLabels);
        moveNames = new MoveNames(moves.names());
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
        return text.tokenCount();
    }

    @Override
    public List<String> moveNames() {
        return moves.names();
    }

    /** Always: answers are read back as scrambles, whitespace-separated names ({@code L X R}, not {@code LXR}). */
    @Override
    public boolean spacedMoves() {
        return true;
    }

    @Override
    public long parse(String[] tokens) {
        int[] labels = new int[moves.slotCount];
        int[] orientations = new int[moves.slotCount];
        parseState(tokens, labels, orientations);
        if (ranksThroughChain()) {
            return chainRank(labels, orientations);
        }
        String why = space().refuse(labels, orientations);
        if (why != null) { // the pieces are the puzzle's: what the ranks refuse, no move reaches
            throw new UnreachableBoardException(why);
        }
        return space().rank(labels, orientations);
    }

    /** Reads a board's tokens into global label and orientation arrays ({@link StateText#parse}). */
    void parseState(String[] tokens, int[] labels, int[] orientations) {
        text.parse(tokens, labels, orientations);
    }

    /** The text of a state given by global label and orientation arrays. */
    String formatState(int[] labels, int[] orientations) {
        return text.format(labels, orientations);
    }

    /** Writes the state of {@code board} (a rank of the boards' space) into global label and orientation arrays. */
    void state(long board, int[] labels, int[] orientations) {
        checkBoard(board);
        if (ranksThroughChain()) {
            DefinitionGroup g = group.get();
            int[] h = new int[g.degree()];
            chain.get().unrankElement(board, h);
            g.stateOf(h, solvedLabels, solvedOrientations, labels, orientations);
        } else {
            space().unrank(board, labels, orientations);
        }
    }

    /**
     * The text of the state {@code moves} (whitespace-separated names) make of the state {@code start} (text); an
     * {@link InvalidBoardException} names an unknown move.
     */
    String replayState(String start, String moves) {
        int[] labels = new int[this.moves.slotCount];
        int[] orientations = new int[this.moves.slotCount];
        String t = start.strip();
        parseState(t.isEmpty() ? new String[0] : t.split("\\s+"), labels, orientations);
        play(labels, orientations, moves);
        return formatState(labels, orientations);
    }

    /**
     * The board the move names make of the solved state. A bulk solve reads every scramble here: each coordinate's
     * digit walks its move table ({@link DefinitionSpace#play}). Where a coordinate has no table, or the boards are
     * chain ranks, the moves are played on the state's arrays and the state ranked once at the end (a move of an orbit
     * without move tables would cost an unrank and a rank each).
     */
    @Override
    public long scrambled(String moves) {
        if (wide() != null) {
            return Puzzle.super.scrambled(moves);
        }
        int[] path = scramblePath(moves);
        if (!ranksThroughChain()) {
            long board = space().play(space().goal(), path);
            if (board >= 0) {
                return board;
            }
        }
        int[] labels = solvedLabels.clone();
        int[] orientations = solvedOrientations.clone();
        this.moves.play(path, labels, orientations);
        return ranksThroughChain() ? chainRank(labels, orientations) : space().rank(labels, orientations);
    }

    /** The indices of whitespace-separated move names; an unknown name is an InvalidBoardException. */
    int[] moveIndices(String moves) {
        return moveNames.indices(moves, name -> new InvalidBoardException("unknown move " + name));
    }

    /** Plays whitespace-separated move names on a state's arrays; an unknown name is an InvalidBoardException. */
    private void play(int[] labels, int[] orientations, String moves) {
        this.moves.play(scramblePath(moves), labels, orientations);
    }

    /**
     * The indices of a scramble's move names, found without a String or a boxed index per move ({@link MoveNames}); an
     * unknown name is an InvalidBoardException that lists the moves.
     */
    private int[] scramblePath(String moves) {
        return moveNames.indices(
                moves,
                name -> new InvalidBoardException("unknown move " + name + " in the scramble (moves: "
                        + String.join(" ", this.moves.names()) + ")"));
    }

    /**
     * Boards as text when the states cannot be numbered in a long, neither per orbit nor through the chain (the 3x3x3);
     * else null.
     */
    @Override
    public WideBoards wide() {
        return wideBoards.get().orElse(null);
    }

    private Optional<WideBoards> decideWide() {
        try {
            boardCount();
            return Optional.empty();
        } catch (TooLargeException | ArithmeticException e) {
            return Optional.of(new DefinitionWideBoards(this));
        }
    }

    /**
     * What a table of this puzzle depends on, as text: its name, metric, numbering of the boards and a SHA-256 of its
     * moves (as steps) and solved state. Tables built for one fingerprint are never used for another.
     */
    public String fingerprint() {
        return fingerprint.get();
    }

    private String computeFingerprint() {
        try {
            MessageDigest d = MessageDigest.getInstance("SHA-256");
            ByteBuffer b = ByteBuffer.allocate(4 * moves.slotCount * (2 * moves.steps() + 3));
            for (int m = 0; m < moves.steps(); m++) {
                for (int g = 0; g < moves.slotCount; g++) {
                    b.putInt(moves.src[m][g]).putInt(moves.add[m][g]);
                }
            }
            for (int g = 0; g < moves.slotCount; g++) {
                b.putInt(solvedLabels[g]).putInt(solvedOrientations[g]).putInt(moves.modulus[g]);
            }
            d.update(b.array());
            d.update(String.join(" ", moves.names()).getBytes(StandardCharsets.UTF_8));
            String numbering = wide() != null ? "text" : ranksThroughChain() ? "chain" : "per orbit";
            return name + " metric " + moves.metric().word() + " boards " + numbering + " sha256 "
                    + HexFormat.of().formatHex(d.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The solved state's labels and orientations (copies). */
    int[][] solvedState() {
        return new int[][] {solvedLabels.clone(), solvedOrientations.clone()};
    }

    /**
     * Whether the state (goalLabels, goalOrientations) can be reached from (labels, orientations): exact where the
     * pieces are distinct (the element taking one to the other is in the group); with identical pieces always true.
     */
    boolean reachable(int[] labels, int[] orientations, int[] goalLabels, int[] goalOrientations) {
        if (definition.hasIdenticalPieces()) {
            return true;
        }
        DefinitionGroup g = group.get();
        int[] s = g.elementOf(labels, orientations, setOf, solvedSlot, solvedOrientations);
        int[] t = g.elementOf(goalLabels, goalOrientations, setOf, solvedSlot, solvedOrientations);
        int[] h = new int[s.length];
        for (int p = 0; p < s.length; p++) {
            h[s[p]] = t[p];
        }
        return g.chain().contains(h);
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
            throw new UnreachableBoardException("not a state of " + name + ": the " + g.order()
                    + " elements of the moves' group do not include this arrangement");
        }
        return chain.get().rankElement(h);
    }

    @Override
    public String format(long board) {
        int[] labels = new int[moves.slotCount];
        int[] orientations = new int[moves.slotCount];
        state(board, labels, orientations);
        return formatState(labels, orientations);
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

    /**
     * Always: through the chain every rank is a group element; per orbit the pieces are identical (the space's own
     * rules are all that is checked) or the group's order equals the per-orbit ranks ({@link #ranksThroughChain()}
     * chose them for that), so every rank is a state reachable from every other.
     */
    @Override
    public boolean reachable(long start, long goal) {
        checkBoard(start);
        checkBoard(goal);
        return true;
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
