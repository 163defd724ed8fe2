/**
 * What a puzzle kind offers the jobs (PuzzleKind) and the optional capabilities it may have: split censuses, atlas
 * parts, board drawings. May import the core's generic packages (puzzle, search, table, atlas, judge); no puzzle kind,
 * no Spark.
 */
package io.puzzleatlas.core.kind;
