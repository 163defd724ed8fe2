package io.puzzleatlas.core.definition;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

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
        "pancake-8.json, GENERATORS"
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

    /** Without move tables (as for coordinates too big to tabulate) the search is the same. */
    @ParameterizedTest
    @CsvSource({"lrx-coset-16.json", "twisty-small.tws"})
    void steppingWithoutTablesAgrees(String file) {
        MoveSet moves = new MoveSet(example(file), Metric.POWERS);
        DefinitionSpace untabled = new DefinitionSpace(moves, -1, false);
        assertArrayEquals(histogram(new DefinitionSpace(moves)), histogram(untabled));
        SplittableRandom random = new SplittableRandom(9);
        for (int i = 0; i < 200; i++) {
            long r = random.nextLong(untabled.size());
            for (int m = 0; m < untabled.moveCount(); m++) {
                assertEquals(r, untabled.unmove(untabled.move(r, m), m));
            }
        }
    }
}
