/**
 * The generic breadth-first engines and tables: ranked spaces, neighbour rankers, the in-core two-bit search (Korf
 * 2008), small-level searches, distance tables, the one table file format of every kind of table
 * ({@link io.puzzleatlas.core.table.TableFile}) and the JVM's store of loaded tables
 * ({@link io.puzzleatlas.core.table.TableStore}), and the one four-bit codec of packed tables
 * ({@link io.puzzleatlas.core.table.Nibbles}). May import core.concurrent only; no puzzle kind, no Spark.
 */
package io.puzzleatlas.core.table;
