package io.puzzleatlas.jobs.test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.puzzleatlas.jobs.ExitCode;
import io.puzzleatlas.jobs.spark.ConfFile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@code santa} on a real cluster ({@code local-cluster}: two executor JVMs) gives the rows of the local engine: the
 * results dataset row for row (all but the time) and {@code submission.csv} byte for byte. The data is written here:
 * two types of the Santa format (a wreath of two rings of six sharing two stickers, and a type of three 4-cycles on
 * twelve stickers), 24 puzzles, an incumbent with detours so that some rows are proven, some shortened, some kept; one
 * type is searched, the other kept. Budgets count nodes only, so both runs do the same work.
 */
@Timeout(value = 15, unit = TimeUnit.MINUTES)
class SantaClusterIT {
    private static final String CLUSTER = "local-cluster[2,1,1024]";

    private final Path work = Path.of("target", "santa-cluster-it").toAbsolutePath();

    private static final int[][] WREATH = {{0, 1, 2, 3, 4, 5}, {0, 6, 7, 3, 8, 9}};
    private static final int[][] CYCLES = {{0, 1, 2, 3}, {2, 4, 5, 6}, {6, 7, 8, 9}, {9, 10, 11, 0}};

    private static int[] cyclePerm(int width, int[] cycle) {
        int[] p = new int[width];
        for (int i = 0; i < width; i++) {
            p[i] = i;
        }
        for (int j = 0; j < cycle.length; j++) {
            p[cycle[j]] = cycle[(j + 1) % cycle.length];
        }
        return p;
    }

    private static String dict(int width, int[][] cycles) {
        StringBuilder d = new StringBuilder("\"{");
        for (int g = 0; g < cycles.length; ++g) {
            d.append(g == 0 ? "" : ", ").append("'m").append(g).append("': ");
            d.append(Arrays.toString(cyclePerm(width, cycles[g])));
        }
        return d.append("}\"").toString();
    }

    /**
     * {@code state} under moves {@code m0 ..} (index 2g: generator g, 2g + 1: its inverse), {@code new[i] = old[p[i]]}.
     */
    private static String[] walk(String[] state, int width, int[][] cycles, int[] moves) {
        for (int m : moves) {
            int[] p = cyclePerm(width, cycles[m / 2]);
            String[] next = new String[width];
            for (int i = 0; i < width; i++) {
                if (m % 2 == 0) {
                    next[i] = state[p[i]];
                } else {
                    next[p[i]] = state[i];
                }
            }
            state = next;
        }
        return state;
    }

    private static String names(int[] moves) {
        List<String> names = new ArrayList<>();
        for (int m : moves) {
            names.add((m % 2 == 0 ? "m" : "-m") + (m / 2));
        }
        return String.join(".", names);
    }

    @Test
    void theClusterGivesTheRowsOfTheLocalEngine() throws IOException {
        ClusterJars.link();
        Path data = Files.createDirectories(work.resolve("data"));
        Files.writeString(
                data.resolve("puzzle_info.csv"),
                "puzzle_type,allowed_moves\nwreath," + dict(10, WREATH) + "\ncycles," + dict(12, CYCLES) + "\n");
        StringBuilder puzzles = new StringBuilder("id,puzzle_type,solution_state,initial_state,num_wildcards\n");
        StringBuilder incumbent = new StringBuilder("id,moves\n");
        Random random = new Random(46);
        for (int id = 0; id < 24; id++) {
            boolean wreath = id % 2 == 0;
            int width = wreath ? 10 : 12;
            int[][] cycles = wreath ? WREATH : CYCLES;
            String[] goal = new String[width];
            for (int i = 0; i < width; i++) {
                goal[i] = id % 3 == 0 ? "C" + (i % 3) : "N" + i;
            }
            // the incumbent: a walk of 4 to 40 moves, the start the goal under the walk's inverse
            int[] moves = new int[4 + random.nextInt(37)];
            for (int i = 0; i < moves.length; i++) {
                moves[i] = random.nextInt(2 * cycles.length);
            }
            int[] back = new int[moves.length];
            for (int i = 0; i < moves.length; i++) {
                back[i] = moves[moves.length - 1 - i] ^ 1;
            }
            String[] start = walk(goal, width, cycles, back);
            puzzles.append(id + "," + (wreath ? "wreath" : "cycles") + "," + String.join(";", goal) + ","
                    + String.join(";", start) + ",0\n");
            incumbent.append(id + "," + names(moves) + "\n");
        }
        Files.writeString(data.resolve("puzzles.csv"), puzzles);
        Files.writeString(data.resolve("sample_submission.csv"), incumbent);

        CliRun local = run(null, data, "local");
        SparkSession spark = sparkOn(CLUSTER);
        CliRun cluster;
        try {
            cluster = run("spark", data, "cluster");
        } finally {
            spark.stop();
        }
        assertTrue(cluster.out().contains("(spark engine)"), cluster.out());
        assertTrue(local.out().contains("(local engine)"), local.out());
        List<String> rows = SantaCommandTest.rowsButTime(work.resolve("local"));
        assertEquals(24, rows.size());
        assertEquals(rows, SantaCommandTest.rowsButTime(work.resolve("cluster")));
        assertEquals(
                Files.readString(work.resolve("local").resolve("submission.csv")),
                Files.readString(work.resolve("cluster").resolve("submission.csv")));
        // the same score lines from both
        assertEquals(scoreLines(local), scoreLines(cluster));
        assertTrue(rows.stream().anyMatch(r -> r.contains(" OPTIMAL ")), String.join("\n", rows));
        assertTrue(rows.stream().anyMatch(r -> r.contains(" INCUMBENT ")), String.join("\n", rows));
        assertTrue(rows.stream().anyMatch(r -> r.contains(" IMPROVED ")), String.join("\n", rows));
    }

    private static List<String> scoreLines(CliRun run) {
        return run.out().lines().filter(l -> l.contains(" score ")).toList();
    }

    private static SparkSession sparkOn(String master) {
        SparkSession.Builder builder = SparkSession.builder();
        ConfFile.sparkDefaults().forEach(builder::config);
        QuickJvm.executors().forEach(builder::config);
        return builder.master(master).appName("puzzle-atlas santa-cluster-it").getOrCreate();
    }

    private CliRun run(String engine, Path data, String name) {
        List<Object> args = new ArrayList<>(List.of(
                "santa",
                "--data",
                data,
                "--types",
                "wreath",
                "--max-millis",
                0,
                "--max-nodes",
                40,
                "--output",
                work.resolve(name),
                "--overwrite"));
        if (engine != null) {
            args.addAll(List.of("--engine", engine));
        }
        CliRun run = CliRun.of(args.toArray());
        assertEquals(ExitCode.OK.code(), run.status(), () -> "santa on " + name + ":\n" + run.err());
        return run;
    }
}
