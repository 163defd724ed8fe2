package io.puzzleatlas.core.kind;

import io.puzzleatlas.core.atlas.SpaceSummary;

/**
 * One space of a puzzle's atlas: its summary, and the text of the goal (or start) its distances are measured to, empty
 * when the goal is a condition.
 */
public record AtlasPart(SpaceSummary summary, String goalText) {}
