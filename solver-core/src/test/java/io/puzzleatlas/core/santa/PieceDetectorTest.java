package io.puzzleatlas.core.santa;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.puzzleatlas.core.definition.Definition;
import io.puzzleatlas.core.definition.DefinitionExamples;
import io.puzzleatlas.core.definition.DefinitionReader;
import org.junit.jupiter.api.Test;

class PieceDetectorTest {
    /**
     * A piece-based definition written out as Santa stickers: set by set, piece slot {@code i} of a set with {@code o}
     * orientations holds stickers {@code base + o*i .. base + o*i + o - 1}; a move carries the piece of slot
     * {@code source} into slot {@code i}, its stickers turned by the piece's twist.
     */
    private static PuzzleType stickers(String file) {
        Definition d = DefinitionReader.read(DefinitionExamples.path(file));
        return PuzzleType.of(file, d.moveNames(), d.stickerMoves());
    }

    @Test
    void thePocketCubeHasEightCornersOfThreeStickers() {
        Pieces pieces = PieceDetector.detect(stickers("2x2x2.tws"));
        assertEquals(8, pieces.count());
        assertEquals(1, pieces.orbitCount());
        for (int p = 0; p < 8; p++) {
            assertArrayEquals(new int[] {3 * p, 3 * p + 1, 3 * p + 2}, pieces.stickers(p));
        }
        assertTwisted(pieces, stickers("2x2x2.tws"));
    }

    @Test
    void theCubeHasTwelveEdgesOfTwoAndEightCornersOfThree() {
        PuzzleType cube = stickers("3x3x3.tws");
        Pieces pieces = PieceDetector.detect(cube);
        assertEquals(20, pieces.count());
        assertEquals(2, pieces.orbitCount());
        for (int p = 0; p < 20; p++) {
            assertEquals(p < 12 ? 0 : 1, pieces.orbitOf(p));
            assertEquals(p < 12 ? 2 : 3, pieces.size(p));
        }
        assertTwisted(pieces, cube);
    }

    /** Every move carries a piece whole onto a piece of its orbit, and some move turns one. */
    private static void assertTwisted(Pieces pieces, PuzzleType type) {
        boolean twisted = false;
        for (int m = 0; m < type.moveCount(); m++) {
            for (int p = 0; p < pieces.count(); p++) {
                int q = pieces.source(m, p);
                assertEquals(pieces.orbitOf(p), pieces.orbitOf(q));
                int[] slot = pieces.stickers(p);
                for (int sticker : slot) {
                    assertEquals(q, pieces.pieceOf(type.source(m, sticker)));
                }
                assertEquals(pieces.stickers(q)[pieces.twist(m, p)], type.source(m, slot[0]));
                twisted |= pieces.twist(m, p) != 0;
            }
        }
        assertTrue(twisted);
    }

    @Test
    void stickersNotAlwaysMovedTogetherArePiecesOfOne() {
        Pieces pieces = PieceDetector.detect(TinyFiles.types().get("tiny"));
        assertEquals(4, pieces.count());
        assertEquals(1, pieces.orbitCount());
    }
}
