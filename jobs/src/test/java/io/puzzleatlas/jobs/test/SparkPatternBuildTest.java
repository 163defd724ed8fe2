package io.puzzleatlas.jobs.test;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.puzzleatlas.core.sliding.Partition;
import io.puzzleatlas.core.sliding.PatternDatabase;
import io.puzzleatlas.core.sliding.PatternDatabaseBuilder;
import io.puzzleatlas.core.sliding.PatternDatabaseFile;
import io.puzzleatlas.core.sliding.SlidingPuzzle;
import io.puzzleatlas.core.table.TableFile;
import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code tables build --engine spark} writes the same databases as the in-core builder. */
@Tag("slow")
class SparkPatternBuildTest extends SparkSuite {
    @TempDir
    Path tmp;

    @Test
    void sparkBuildEqualsInCoreBuild() throws Exception {
        SlidingPuzzle p = new SlidingPuzzle(3, 3);
        run("tables", "build", "--puzzle", "eight-puzzle", "--partition", "4-4", "--engine", "spark", "--tables", tmp);
        Partition partition = Partition.parse("4-4", p, 8);
        for (int[] tiles : partition.patterns()) {
            Path file = tmp.resolve(PatternDatabaseFile.fileName(p.name(), 8, tiles));
            PatternDatabase viaSpark = TableFile.read(
                    file,
                    PatternDatabaseFile.key(p.name(), 3, 3, 8, 8, tiles),
                    PatternDatabaseFile.codec(3, 3, 8, 8, tiles));
            PatternDatabase inCore = new PatternDatabaseBuilder(p, 8, tiles, 1).build();
            assertEquals(inCore.entries(), viaSpark.entries());
            for (int r = 0; r < inCore.entries(); r++) {
                assertEquals(inCore.excess(r), viaSpark.excess(r), "placement " + r);
            }
        }
    }
}
