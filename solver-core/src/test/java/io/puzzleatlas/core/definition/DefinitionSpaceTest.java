package io.puzzleatlas.core.definition;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.puzzleatlas.core.table.RankedSpace;
import io.puzzleatlas.core.table.TwoBitBreadthFirstSearch;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The ranked space of a definition: rank and unrank are inverse, sizes, and its search against a brute-force one. */
class DefinitionSpaceTest {
    static Definition example(String name) {
        return DefinitionReader.read(DefinitionExamples.path(name));
    }

    static long[] histogram(RankedSpace space) {
        return TwoBitBreadthFirstSearch.run(space.size(), space.rank(space.goal()), t -> space.predecessors(), 1)
                .histogram();
    }

    @ParameterizedTest
    @CsvSource({
        "2x2x2.tws, 88179840",
        "lrx9.json, 362880",
        "lrx-coset-16.json, 12870",
        "twisty-small.tws, 31104",
        "pancake-8.json, 40320"
    })
    void sizes(String file, long size) {
        assertEquals(size, new DefinitionSpace(new MoveSet(example(file), Metric.GENERATORS)).size());
    }

    @Test
    void threeFacesOfThePocketCubeFixACorner() {
        Definition urf = DefinitionExamples.only(example("2x2x2.tws"), "U", "F", "R");
        assertEquals(3_674_160, new DefinitionSpace(new MoveSet(urf, Metric.POWERS)).size());
    }

    @ParameterizedTest
    @CsvSource({"2x2x2.tws", "lrx9.json", "lrx-coset-16.json", "twisty-small.tws"})
    void rankAndUnrankAreInverse(String file) {
        DefinitionSpace space = new DefinitionSpace(new MoveSet(example(file), Metric.GENERATORS));
        int[] labels = new int[space.slotCount()];
        int[] orientations = new int[space.slotCount()];
        SplittableRandom random = new SplittableRandom(7);
        for (int i = 0; i < 2000; i++) {
            long r = i < 1000 ? Math.min(i, space.size() - 1) : random.nextLong(space.size());
            space.unrank(r, labels, orientations);
            assertNull(space.refuse(labels, orientations));
            assertEquals(r, space.rank(labels, orientations));
        }
    }

    @Test
    void movesAreUndoneByTheirInverses() {
        DefinitionSpace space = new DefinitionSpace(new MoveSet(example("twisty-small.tws"), Metric.POWERS));
        SplittableRandom random = new SplittableRandom(3);
        for (int i = 0; i < 1000; i++) {
            long r = random.nextLong(space.size());
            for (int m = 0; m < space.moveCount(); m++) {
                assertEquals(r, space.unmove(space.move(r, m), m));
            }
        }
    }
}
