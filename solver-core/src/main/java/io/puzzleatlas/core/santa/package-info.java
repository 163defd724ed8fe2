/**
 * Kaggle's Santa 2023 "Polytope Permutation Puzzle" files read as published: {@code puzzle_info.csv} (sticker
 * permutations per puzzle type), {@code puzzles.csv} (colourings with wildcards) and a submission ({@code id,moves}),
 * with a replayer, a {@link io.puzzleatlas.core.santa.Goal} value (one board, a colouring, at most k stickers
 * differing) and the pieces detected from the sticker permutations. States are {@code short[]} label arrays of any
 * width. May import only the JDK; never Spark, and no other package of the core imports it yet.
 */
package io.puzzleatlas.core.santa;
