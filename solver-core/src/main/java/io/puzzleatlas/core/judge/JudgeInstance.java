package io.puzzleatlas.core.judge;

/** One instance read from judge input; {@code stepLimit} is null when the contest has none. */
public record JudgeInstance(long start, long goal, Integer stepLimit, String position) {}
