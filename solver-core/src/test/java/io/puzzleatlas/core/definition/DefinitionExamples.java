package io.puzzleatlas.core.definition;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** The example definitions shipped under data/puzzles/, and small definitions made in tests. */
public final class DefinitionExamples {
    private DefinitionExamples() {}

    /** data/puzzles/NAME from the module's directory or the repository's. */
    public static Path path(String name) {
        for (Path p : List.of(Path.of("../data/puzzles", name), Path.of("data/puzzles", name))) {
            if (Files.exists(p)) {
                return p;
            }
        }
        throw new IllegalStateException("no data/puzzles/" + name);
    }

    /** The same definition with only the moves named. */
    static Definition only(Definition d, String... names) {
        List<DefinedMove> kept = new ArrayList<>();
        for (String n : names) {
            kept.add(d.moves().stream()
                    .filter(m -> m.name().equals(n))
                    .findFirst()
                    .orElseThrow());
        }
        return new Definition(
                d.name(),
                d.file(),
                d.sets(),
                d.solvedLabels,
                d.solvedOrientations,
                d.labelTexts,
                kept,
                d.defaultMetric());
    }

    /** A .json generator list of {@code n} points from 0-based images. */
    static Definition json(String name, List<String> names, List<int[]> perms) {
        StringBuilder sb = new StringBuilder("{\"name\": \"" + name + "\", \"moves\": {");
        for (int i = 0; i < names.size(); i++) {
            sb.append(i == 0 ? "" : ", ")
                    .append('"')
                    .append(names.get(i))
                    .append("\": ")
                    .append(Arrays.toString(perms.get(i)));
        }
        sb.append("}}");
        return DefinitionReader.parse(name + ".json", sb.toString().getBytes(StandardCharsets.UTF_8));
    }

    /** Pancake graph of n: prefix reversals R2..Rn (names as in DEFINITIONS.md). */
    static Definition pancake(int n) {
        List<String> names = new ArrayList<>();
        List<int[]> perms = new ArrayList<>();
        for (int k = 2; k <= n; k++) {
            int[] p = new int[n];
            for (int i = 0; i < n; i++) {
                p[i] = i < k ? k - 1 - i : i;
            }
            names.add("R" + k);
            perms.add(p);
        }
        return json("pancake-" + n, names, perms);
    }

    /** LRX of n: L a cyclic shift left (its inverse is R), X the swap of the first two. */
    static Definition lrx(int n) {
        int[] l = new int[n];
        int[] x = new int[n];
        for (int i = 0; i < n; i++) {
            l[i] = (i + 1) % n;
            x[i] = i;
        }
        x[0] = 1;
        x[1] = 0;
        return json("lrx" + n, List.of("L", "X"), List.of(l, x));
    }
}
