package io.puzzleatlas.jobs.atlas;

import io.puzzleatlas.core.atlas.SearchControl;
import io.puzzleatlas.core.kind.AtlasPart;
import io.puzzleatlas.core.registry.PuzzleHandle;
import java.util.List;

/** The atlas in this JVM: whatever the puzzle's kind computes ({@code PuzzleKind#atlas}). */
public final class InCoreAtlasEngine implements AtlasEngine {
    private final SearchControl control;

    public InCoreAtlasEngine() {
        this(SearchControl.NONE);
    }

    /** The engine whose long searches report, checkpoint, resume and stop through {@code control}. */
    public InCoreAtlasEngine(SearchControl control) {
        this.control = control;
    }

    @Override
    public List<AtlasSpace> compute(PuzzleHandle puzzle, String goal, int threads) {
        return spaces(puzzle, puzzle.kind().atlas(puzzle.puzzle(), goal, threads, control));
    }

    static List<AtlasSpace> spaces(PuzzleHandle puzzle, List<AtlasPart> parts) {
        return parts.stream()
                .map(p -> AtlasSpace.of(puzzle, p.summary(), p.goalText()))
                .toList();
    }
}
