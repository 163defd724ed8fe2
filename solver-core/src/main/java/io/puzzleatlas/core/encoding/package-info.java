/**
 * Ranking on primitives: permutations in lexicographic order (packed as nibbles in a long; of two ranks 2k and 2k+1,
 * the one of a given parity) and k-subsets in colexicographic order (bit masks). Imports only the JDK.
 */
package io.puzzleatlas.core.encoding;
