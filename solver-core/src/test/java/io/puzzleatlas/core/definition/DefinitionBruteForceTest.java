package io.puzzleatlas.core.definition;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The two-bit search of definition spaces, level by level against the brute-force search. */
class DefinitionBruteForceTest {
    static Definition example(String name) {
        return DefinitionSpaceTest.example(name);
    }

    static long[] histogram(DefinitionSpace space) {
        return DefinitionSpaceTest.histogram(space);
    }

    @ParameterizedTest
    @CsvSource({
        "lrx-coset-16.json, GENERATORS",
        "lrx-coset-16.json, POWERS",
        "twisty-small.tws, GENERATORS",
        "twisty-small.tws, POWERS",
        "pancake-8.json, GENERATORS",
        "magic-board.tws, LISTED",
        "magic-board.tws, GENERATORS",
        "m12.json, GENERATORS"
    })
    void searchAgreesWithBruteForce(String file, Metric metric) {
        Definition d = example(file);
        assertArrayEquals(BruteForceBfs.histogram(d, metric), histogram(new DefinitionSpace(new MoveSet(d, metric))));
    }

    @ParameterizedTest
    @CsvSource({"GENERATORS", "POWERS"})
    void smallLrxAgreesWithBruteForce(Metric metric) {
        Definition d = DefinitionExamples.lrx(7);
        assertArrayEquals(BruteForceBfs.histogram(d, metric), histogram(new DefinitionSpace(new MoveSet(d, metric))));
    }

    @ParameterizedTest
    @CsvSource({"GENERATORS", "POWERS"})
    void twoFacesOfThePocketCubeAgreeWithBruteForce(Metric metric) {
        Definition uf = DefinitionExamples.only(example("2x2x2.tws"), "U", "F");
        assertArrayEquals(BruteForceBfs.histogram(uf, metric), histogram(new DefinitionSpace(new MoveSet(uf, metric))));
    }

    /**
     * Without move tables (as for coordinates too big to tabulate) the search is the same: pieces with orientations,
     * identical pieces, distinct pieces (all arrangements, and only the even ones: 3-cycles), and a listed metric
     * (whose search steps back by the inverses after the moves).
     */
    @ParameterizedTest
    @CsvSource({
        "lrx-coset-16.json, POWERS",
        "twisty-small.tws, POWERS",
        "pancake-8.json, GENERATORS",
        "three-cycles, GENERATORS",
        "three-cycles, LISTED",
        "magic-board.tws, LISTED"
    })
    void steppingWithoutTablesAgrees(String file, Metric metric) {
        Definition d = file.equals("three-cycles")
                ? DefinitionExamples.json(
                        "three-cycles",
                        List.of("a", "b", "c"),
                        List.of(new int[] {1, 2, 0, 3, 4, 5, 6, 7}, new int[] {0, 1, 3, 4, 2, 5, 6, 7}, new int[] {
                            0, 1, 2, 3, 5, 6, 7, 4
                        }))
                : example(file);
        MoveSet moves = new MoveSet(d, metric);
        DefinitionSpace untabled = new DefinitionSpace(moves, -1, false);
        assertArrayEquals(histogram(new DefinitionSpace(moves)), histogram(untabled));
        assertArrayEquals(BruteForceBfs.histogram(d, metric), histogram(untabled));
        SplittableRandom random = new SplittableRandom(9);
        for (int i = 0; i < 200; i++) {
            long r = random.nextLong(untabled.size());
            for (int m = 0; m < untabled.moveCount(); m++) {
                assertEquals(r, untabled.unmove(untabled.move(r, m), m));
            }
        }
    }
}
