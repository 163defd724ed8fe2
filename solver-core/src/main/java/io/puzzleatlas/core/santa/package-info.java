/**
 * Kaggle's Santa 2023 "Polytope Permutation Puzzle" files read as published: {@code puzzle_info.csv} (sticker
 * permutations per puzzle type), {@code puzzles.csv} (colourings with wildcards) and a submission ({@code id,moves}),
 * with a replayer, a {@link io.puzzleatlas.core.santa.Goal} value (one board, a colouring, at most k stickers
 * differing), the pieces detected from the sticker permutations, and optimal solutions by breadth-first search
 * ({@link io.puzzleatlas.core.santa.GoalBfs}) or IDA* on pattern databases over the pieces
 * ({@link io.puzzleatlas.core.santa.IdaSearch}), chosen per puzzle by {@link io.puzzleatlas.core.santa.SantaSearch}
 * ({@link io.puzzleatlas.core.santa.SantaSolver}). States are {@code short[]} label arrays of any width. May import
 * only the JDK; never Spark. The jobs' {@code santa} command calls it.
 */
package io.puzzleatlas.core.santa;
