/**
 * The judge text format: tokens read from a stream, instances with their step limits, the per-kind judge contract, and
 * contest input read as records for {@code solve}. May import core.puzzle and core.search; no puzzle kind, no Spark.
 */
package io.puzzleatlas.core.judge;
