package io.puzzleatlas.jobs.spark;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The embedded default's configuration files: {@code conf/NAME} in the working directory when it exists, else the copy
 * packaged in the jar (so the jar also runs from any directory).
 */
public final class ConfFile {
    static final String SPARK_DEFAULTS = "spark-defaults.conf";
    static final String LOG4J2 = "log4j2.properties";
    private static final String PACKAGED = "/io/puzzleatlas/jobs/conf/";

    private ConfFile() {}

    /** Where a configuration file is read from, or null when there is none. */
    public static URL locate(String name) {
        Path local = Paths.get("conf", name);
        if (Files.isRegularFile(local)) {
            try {
                return local.toAbsolutePath().toUri().toURL();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return ConfFile.class.getResource(PACKAGED + name);
    }

    /** The settings of spark-defaults.conf: {@code key value} or {@code key=value} lines, # comments. */
    public static Map<String, String> sparkDefaults() {
        Map<String, String> settings = new LinkedHashMap<>();
        URL url = locate(SPARK_DEFAULTS);
        if (url == null) {
            return settings;
        }
        try (InputStream in = url.openStream();
                BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            String line;
            while ((line = reader.readLine()) != null) {
                String t = line.trim();
                if (t.isEmpty() || t.startsWith("#")) {
                    continue;
                }
                int cut = 0;
                while (cut < t.length() && !Character.isWhitespace(t.charAt(cut)) && t.charAt(cut) != '=') {
                    cut++;
                }
                String value = t.substring(cut).trim();
                if (value.startsWith("=")) {
                    value = value.substring(1).trim();
                }
                settings.put(t.substring(0, cut), value);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + url, e);
        }
        return settings;
    }

    /**
     * Points Log4j 2 at conf/log4j2.properties (or the packaged copy) before anything logs; left alone under
     * spark-submit and when the user chose a configuration.
     *
     * @return whether the quiet console applies
     */
    public static boolean configureLogging() {
        if (SparkSessions.underSparkSubmit()
                || System.getProperty("log4j2.configurationFile") != null
                || System.getProperty("log4j.configurationFile") != null) {
            return false;
        }
        URL url = locate(LOG4J2);
        if (url != null) {
            System.setProperty("log4j2.configurationFile", url.toString());
        }
        // Log4j's MBeans: nobody reads them from a command's JVM, and registering them is a third of its start
        if (System.getProperty("log4j2.disable.jmx") == null) {
            System.setProperty("log4j2.disable.jmx", "true");
        }
        return url != null;
    }
}
