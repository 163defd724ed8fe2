package io.puzzleatlas.jobs.santa;

import java.util.Map;

/** The incumbent submission a run keeps or beats: its name for messages and its rows (move indices by id). */
record SantaIncumbent(String name, Map<Integer, int[]> rows) {}
