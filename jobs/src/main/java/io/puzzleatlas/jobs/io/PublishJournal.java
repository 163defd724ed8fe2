package io.puzzleatlas.jobs.io;

import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Properties;

/**
 * The journal {@code DIR/_publishing} of one publish: the staging directory, the datasets it moves into {@code DIR},
 * whether it replaces existing ones, the files it first moves into its staged datasets from elsewhere in {@code DIR} (a
 * checkpoint's, {@link AtomicOutput#adopt}), what it removes once they are in place (that checkpoint,
 * {@link AtomicOutput#retire}), and its owner. It exists from the moment a publish is decided until every dataset is in
 * place, and is created whole and exclusively, so that one publish at a time runs in an output, even between jobs of
 * which one does not hold its lock ({@link OutputLock}).
 */
record PublishJournal(
        String staging,
        List<String> datasets,
        boolean overwrite,
        List<Move> moves,
        List<String> retired,
        JobOwner owner) {

    /** A file moved from {@code source} (relative to the output) to {@code target} (relative to the staging). */
    record Move(String source, String target) {
        Move {
            inside(source);
            inside(target);
        }

        /** The dataset the file goes into: the first part of its target. */
        String dataset() {
            int slash = target.indexOf('/');
            return slash < 0 ? target : target.substring(0, slash);
        }
    }

    private static final String MOVE = "move.";
    private static final String RETIRE = "retire.";

    PublishJournal {
        retired.forEach(PublishJournal::inside);
    }

    /**
     * {@code path}, a path of the output's own names: relative, and without ':' (the separator of a move; HDFS allows
     * none in names); else {@link IllegalArgumentException}.
     */
    private static String inside(String path) {
        if (path.isEmpty()
                || path.startsWith("/")
                || path.contains(":")
                || path.contains("..")
                || path.contains("\n")) {
            throw new IllegalArgumentException("not a path inside the output: " + path);
        }
        return path;
    }

    byte[] toBytes() {
        StringBuilder sb = new StringBuilder(
                "staging=" + staging + "\ndatasets=" + String.join(",", datasets) + "\noverwrite=" + overwrite + "\n");
        for (int i = 0; i < moves.size(); i++) {
            Move m = moves.get(i);
            sb.append(MOVE + i + "=" + m.source() + ":" + m.target() + "\n");
        }
        for (int i = 0; i < retired.size(); i++) {
            sb.append(RETIRE + i + "=" + retired.get(i) + "\n");
        }
        return (sb + new String(owner.toBytes(), StandardCharsets.UTF_8)).getBytes(StandardCharsets.UTF_8);
    }

    /** The journal in {@code text}; empty when it is not one. */
    static Optional<PublishJournal> parse(String text) {
        try {
            Properties p = new Properties();
            p.load(new StringReader(text));
            String staging = p.getProperty("staging");
            String datasets = p.getProperty("datasets");
            String overwrite = p.getProperty("overwrite");
            Optional<JobOwner> owner = JobOwner.parse(text);
            if (staging == null
                    || !staging.startsWith(OutputRecovery.STAGING_PREFIX)
                    || staging.contains("/")
                    || datasets == null
                    || datasets.isEmpty()
                    || overwrite == null
                    || owner.isEmpty()) {
                return Optional.empty();
            }
            List<Move> moves = new ArrayList<>();
            for (int i = 0; p.getProperty(MOVE + i) != null; i++) {
                String[] m = p.getProperty(MOVE + i).split(":", -1);
                if (m.length != 2) {
                    return Optional.empty();
                }
                moves.add(new Move(m[0], m[1]));
            }
            List<String> retired = new ArrayList<>();
            for (int i = 0; p.getProperty(RETIRE + i) != null; i++) {
                retired.add(p.getProperty(RETIRE + i));
            }
            return Optional.of(new PublishJournal(
                    staging,
                    List.of(datasets.split(",")),
                    Boolean.parseBoolean(overwrite),
                    List.copyOf(moves),
                    List.copyOf(retired),
                    owner.get()));
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }
}
