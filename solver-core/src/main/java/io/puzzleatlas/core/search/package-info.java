/**
 * The solver contract every kind implements: results and statuses, budgets, solver settings (where tables are found),
 * and the table descent shared by table-based solvers. May import core.puzzle and core.table; no puzzle kind, no Spark.
 */
package io.puzzleatlas.core.search;
