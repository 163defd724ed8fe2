package io.puzzleatlas.jobs.io;

import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import java.util.Properties;

/**
 * The journal {@code DIR/_publishing} of one publish: the staging directory, the datasets it moves into {@code DIR},
 * whether it replaces existing ones, and its owner. It exists from the moment a publish is decided until every dataset
 * is in place, and is created whole and exclusively, so that one publish at a time runs in an output, even between jobs
 * of which one does not hold its lock ({@link OutputLock}).
 */
record PublishJournal(String staging, List<String> datasets, boolean overwrite, JobOwner owner) {

    byte[] toBytes() {
        return ("staging=" + staging + "\ndatasets=" + String.join(",", datasets) + "\noverwrite=" + overwrite + "\n"
                        + new String(owner.toBytes(), StandardCharsets.UTF_8))
                .getBytes(StandardCharsets.UTF_8);
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
            return Optional.of(new PublishJournal(
                    staging, List.of(datasets.split(",")), Boolean.parseBoolean(overwrite), owner.get()));
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }
}
