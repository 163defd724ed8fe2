package io.puzzleatlas.core.definition;

/**
 * One set of pieces (corners, edges ...): its name, its number of slots and the orientations each piece of it can take
 * (1: none).
 */
record PieceSet(String name, int slots, int orientations) {}
