package io.puzzleatlas.core.search;

/** A search engine for one goal class of a sliding puzzle (start relabelled to the canonical goal). */
interface GoalClassSearch {
    SolveResult solve(long relabelledStart, Budget budget);
}
