package io.puzzleatlas.jobs.spark;

import io.puzzleatlas.jobs.RefusedException;
import io.puzzleatlas.jobs.UsageException;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Checks of this machine and its network that a session's settings depend on, made before Spark starts, because Spark
 * fails on each of them late or badly: a {@code spark.local.dir} it cannot create ends the JVM (status 53) after a
 * dozen log lines; an unreachable standalone master is retried for a minute; a driver address that cannot be resolved
 * or bound surfaces as a bare {@code UnresolvedAddressException}. Each failure is a {@link RefusedException} naming the
 * setting and the reason.
 */
final class StartChecks {
    /** How long the probe of a standalone master waits for its port. */
    static final int CONNECT_MILLIS = 2_000;

    private StartChecks() {}

    /** Runs every check that applies to {@code options} and the session's {@code master}. */
    static void check(SparkOptions options, SparkSettings.Master master) {
        localDirs(options.conf());
        driverAddress(options.conf());
        if (master != null) {
            yarnConfiguration(master);
            reachable(master);
        }
    }

    /**
     * Each entry of {@code spark.local.dir} given with {@code --conf} (or in conf/spark-defaults.conf) must be a
     * directory that exists or can be created, and that this user can write: Spark creates its block manager's
     * directories there as it starts. Spark ignores the setting when the environment names the local directories (a
     * worker's SPARK_LOCAL_DIRS, YARN's).
     */
    static void localDirs(Map<String, String> conf) {
        String named = "--conf spark.local.dir=";
        String dirs = conf.get("spark.local.dir");
        if (dirs == null && !SparkSessions.underSparkSubmit()) {
            dirs = ConfFile.sparkDefaults().get("spark.local.dir");
            named = "spark.local.dir (conf/spark-defaults.conf) ";
        }
        if (dirs == null
                || System.getenv("SPARK_LOCAL_DIRS") != null
                || System.getenv("SPARK_EXECUTOR_DIRS") != null
                || SparkSessions.inClusterDeployMode()) {
            return;
        }
        for (String entry : dirs.split(",")) {
            String why = unusableDirectory(entry.trim());
            if (why != null) {
                throw new RefusedException(named + dirs + ": " + why);
            }
        }
    }

    /** Why {@code dir} cannot serve as a local directory, or null when it can (it is then created). */
    static String unusableDirectory(String dir) {
        if (dir.isEmpty()) {
            return null; // Spark skips empty entries
        }
        Path path;
        try {
            path = Path.of(dir).toAbsolutePath();
        } catch (InvalidPathException e) {
            return "'" + dir + "' is not a path (" + e.getReason() + ")";
        }
        Path existing = path;
        while (existing != null && !Files.exists(existing)) {
            existing = existing.getParent();
        }
        if (existing != null && !Files.isDirectory(existing)) {
            return existing + " is a file, not a directory";
        }
        try {
            Files.createDirectories(path);
        } catch (FileSystemException e) {
            String reason = e.getReason() == null
                    ? e.getClass().getSimpleName()
                    : e.getReason().toLowerCase(Locale.ROOT);
            return "cannot create " + path + " (" + reason + ")";
        } catch (IOException e) {
            return "cannot create " + path + " (" + e.getMessage() + ")";
        }
        if (!Files.isWritable(path) || !Files.isExecutable(path)) {
            return path + " cannot be written (permission denied)";
        }
        return null;
    }

    /**
     * The driver binds its RPC endpoint to {@code spark.driver.bindAddress}, else to {@code spark.driver.host}: the one
     * of these given with {@code --conf} must resolve to an address of this machine.
     */
    static void driverAddress(Map<String, String> conf) {
        String key = conf.containsKey("spark.driver.bindAddress")
                ? "spark.driver.bindAddress"
                : conf.containsKey("spark.driver.host") ? "spark.driver.host" : null;
        if (key == null) {
            return;
        }
        String host = conf.get(key).trim();
        InetAddress address;
        try {
            address = InetAddress.getByName(host);
        } catch (UnknownHostException e) {
            throw new RefusedException(
                    "--conf " + key + "=" + host + ": the address cannot be resolved (unknown host)");
        }
        try (ServerSocket probe = new ServerSocket()) {
            probe.bind(new InetSocketAddress(address, 0));
        } catch (IOException e) {
            throw new RefusedException(
                    "--conf " + key + "=" + host + ": the driver cannot bind to " + address.getHostAddress()
                            + " (" + e.getMessage() + "): name an address of this machine"
                            + (key.equals("spark.driver.host") ? ", or give spark.driver.bindAddress" : ""));
        }
    }

    /**
     * Spark's YARN client finds the ResourceManager in yarn-site.xml under HADOOP_CONF_DIR or YARN_CONF_DIR; without
     * either it retries 0.0.0.0:8032 for ever. spark-submit checks this itself, and the application master of cluster
     * mode has its configuration from YARN.
     */
    static void yarnConfiguration(SparkSettings.Master master) {
        if (master.url().trim().equals("yarn")
                && !SparkSessions.underSparkSubmit()
                && System.getenv("HADOOP_CONF_DIR") == null
                && System.getenv("YARN_CONF_DIR") == null) {
            throw new RefusedException(
                    master.named() + ": neither HADOOP_CONF_DIR nor YARN_CONF_DIR is set; point one at "
                            + "the directory holding the cluster's core-site.xml and yarn-site.xml");
        }
    }

    /**
     * A standalone master ({@code spark://HOST:PORT[,HOST:PORT...]}) must accept a connection on one of its ports
     * within {@link #CONNECT_MILLIS}: Spark would try each for a minute.
     */
    static void reachable(SparkSettings.Master master) {
        String url = master.url().trim();
        if (!url.startsWith("spark://")) {
            return;
        }
        List<String> failures = new ArrayList<>();
        for (String hostPort : url.substring("spark://".length()).split(",")) {
            int colon = hostPort.lastIndexOf(':');
            String host = colon < 0 ? hostPort : hostPort.substring(0, colon);
            int port;
            try {
                port = colon < 0 ? -1 : Integer.parseInt(hostPort.substring(colon + 1));
            } catch (NumberFormatException e) {
                port = -1;
            }
            if (port < 0 || port > 65_535 || host.isEmpty()) {
                throw new UsageException(master.named() + ": '" + hostPort + "' is not HOST:PORT");
            }
            try (Socket s = new Socket()) {
                s.connect(new InetSocketAddress(host, port), CONNECT_MILLIS);
                return;
            } catch (UnknownHostException e) {
                failures.add(hostPort + " (unknown host)");
            } catch (SocketTimeoutException e) {
                failures.add(hostPort + " (no answer within " + CONNECT_MILLIS / 1000 + " s)");
            } catch (IOException e) {
                String why = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
                failures.add(hostPort + " (" + why.toLowerCase(Locale.ROOT) + ")");
            }
        }
        throw new RefusedException(master.named() + ": cannot reach the master at " + String.join(", ", failures)
                + "; is it running? ('puzzle-atlas cluster start' starts one on this machine)");
    }
}
