/**
 * Ranking on primitives: permutations in lexicographic order (packed as nibbles in a long) and
 * k-subsets in colexicographic order (bit masks). Imports only the JDK.
 */
package io.puzzleatlas.core.encoding;
