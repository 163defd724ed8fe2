package io.puzzleatlas.core.sliding;

import io.puzzleatlas.core.search.Budget;
import io.puzzleatlas.core.search.SolveResult;
import io.puzzleatlas.core.search.SplitSearch;

/** A search engine for one goal class of a sliding puzzle (start relabelled to the canonical goal). */
interface GoalClassSearch {
    SolveResult solve(long relabelledStart, Budget budget);

    /** Solves a board given as a tile array (the only form of boards above 16 cells). */
    SolveResult solve(byte[] relabelledStart, Budget budget);

    /** A tile array as a search to split. */
    SplitSearch split(byte[] relabelledStart);
}
