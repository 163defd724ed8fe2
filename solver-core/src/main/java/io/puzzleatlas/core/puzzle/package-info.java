/**
 * The puzzle contract (boards packed in a long, moves, parsing and formatting) and the text helpers every kind shares:
 * board text, move text, random instances. Imports only the JDK: every other core package may depend on it.
 */
package io.puzzleatlas.core.puzzle;
