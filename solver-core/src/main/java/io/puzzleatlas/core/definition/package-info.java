/**
 * Puzzles defined by a file instead of code: the ksolve/twsearch text form ({@code .tws}) and the generator lists of
 * Cayley-graph work ({@code .json}), both parsed into one immutable {@link io.puzzleatlas.core.definition.Definition};
 * its moves in a metric, the order of its group by Schreier-Sims, a dense ranking of its states and the kind the
 * commands use. May import the core's generic packages (puzzle, kind, table, search, atlas); the generic engines never
 * import this package; never Spark.
 */
package io.puzzleatlas.core.definition;
