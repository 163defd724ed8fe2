package io.puzzleatlas.jobs.cli;

import io.puzzleatlas.core.io.AtomicFiles;
import io.puzzleatlas.jobs.spark.SparkHome;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.HttpURLConnection;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code cluster start | stop}: a Spark standalone cluster on the loopback address, a master and W workers as separate
 * JVMs started from this jar, for trying the jobs on real executors (separate processes, serialization, executor loss)
 * on one machine. Jobs are then submitted with {@code --master spark://127.0.0.1:PORT}, exactly as to a real cluster.
 */
@Command(
        name = "cluster",
        mixinStandardHelpOptions = true,
        description = "Start or stop a Spark standalone cluster on 127.0.0.1 (master and workers as separate JVMs).",
        subcommands = {ClusterCommand.Start.class, ClusterCommand.Stop.class})
public final class ClusterCommand implements Runnable {
    private static final String STATE = "cluster.properties";
    private static final long START_TIMEOUT_MS = 60_000;

    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        throw new ParameterException(spec.commandLine(), "give a subcommand: start or stop");
    }

    static Path defaultDir() {
        return Path.of(System.getProperty("user.home"), ".cache", "puzzle-atlas", "cluster");
    }

    /** {@code cluster start}. */
    @Command(
            name = "start",
            mixinStandardHelpOptions = true,
            description = "Start a master and W workers on 127.0.0.1 and print the master URL.")
    static final class Start implements Callable<Integer> {
        @Option(names = "--workers", defaultValue = "2", description = "worker JVMs (default: ${DEFAULT-VALUE})")
        int workers;

        @Option(names = "--cores", defaultValue = "1", description = "cores per worker (default: ${DEFAULT-VALUE})")
        int cores;

        @Option(
                names = "--memory",
                defaultValue = "2048",
                paramLabel = "MB",
                description = "memory per worker in MB (default: ${DEFAULT-VALUE})")
        int memory;

        @Option(
                names = "--dir",
                paramLabel = "DIR",
                description = "state, logs and the Spark home of the cluster (default: ~/.cache/puzzle-atlas/cluster)")
        Path dir;

        @Spec
        CommandSpec spec;

        @Override
        public Integer call() throws Exception {
            if (workers < 1 || cores < 1 || memory < 256) {
                throw new ParameterException(
                        spec.commandLine(), "--workers and --cores must be at least 1, --memory at least 256");
            }
            Path home = dir == null ? defaultDir() : dir;
            Path state = home.resolve(STATE);
            if (Files.exists(state) && alive(load(state))) {
                System.err.println(
                        "cluster start: a cluster is already running (" + state + "): run 'cluster stop' first");
                return 3;
            }
            Files.createDirectories(home.resolve("logs"));
            SparkHome.create(home.resolve("spark-home"));
            int port = freePort();
            int ui = freePort();
            String master = "spark://127.0.0.1:" + port;
            List<Long> pids = new ArrayList<>();
            Properties p = new Properties();
            p.setProperty("master", master);
            p.setProperty("ui", "http://127.0.0.1:" + ui);
            pids.add(daemon(
                    home,
                    "master",
                    List.of(
                            "org.apache.spark.deploy.master.Master",
                            "--host",
                            "127.0.0.1",
                            "--port",
                            String.valueOf(port),
                            "--webui-port",
                            String.valueOf(ui))));
            save(state, p, pids);
            for (int w = 1; w <= workers; w++) {
                pids.add(daemon(
                        home,
                        "worker-" + w,
                        List.of(
                                "org.apache.spark.deploy.worker.Worker",
                                master,
                                "--host",
                                "127.0.0.1",
                                "--webui-port",
                                String.valueOf(freePort()),
                                "--cores",
                                String.valueOf(cores),
                                "--memory",
                                memory + "M",
                                "--work-dir",
                                home.resolve("work-" + w).toString())));
                save(state, p, pids);
            }
            int ready = awaitWorkers(p.getProperty("ui"), workers);
            if (ready < workers) {
                stop(pids);
                Files.deleteIfExists(state);
                System.err.println("cluster start: only " + ready + " of " + workers + " workers registered within "
                        + START_TIMEOUT_MS / 1000 + " s; see " + home.resolve("logs"));
                return 3;
            }
            System.out.println(master);
            System.err.println("cluster: " + workers + " workers x " + cores + " cores, " + memory
                    + " MB each; master UI " + p.getProperty("ui") + "; logs in " + home.resolve("logs")
                    + "; stop with 'cluster stop'");
            return 0;
        }

        private static long daemon(Path home, String name, List<String> mainAndArgs) throws IOException {
            List<String> command = SparkHome.javaCommand();
            command.add("-Xmx512m");
            command.addAll(SparkHome.addOpens());
            command.add("-cp");
            command.add(System.getProperty("java.class.path"));
            command.addAll(mainAndArgs);
            ProcessBuilder pb = new ProcessBuilder(command)
                    .redirectErrorStream(true)
                    .redirectOutput(home.resolve("logs").resolve(name + ".log").toFile());
            SparkHome.environment(pb, home.resolve("spark-home"));
            pb.environment().put("SPARK_LOCAL_IP", "127.0.0.1");
            return pb.start().pid();
        }
    }

    /** {@code cluster stop}. */
    @Command(
            name = "stop",
            mixinStandardHelpOptions = true,
            description = "Stop the cluster that 'cluster start' started.")
    static final class Stop implements Callable<Integer> {
        @Option(names = "--dir", paramLabel = "DIR", description = "as given to 'cluster start'")
        Path dir;

        @Override
        public Integer call() throws IOException {
            Path state = (dir == null ? defaultDir() : dir).resolve(STATE);
            if (!Files.exists(state)) {
                System.err.println("cluster stop: no cluster state at " + state);
                return 3;
            }
            Properties p = load(state);
            stop(pids(p));
            Files.delete(state);
            System.err.println("cluster: stopped " + p.getProperty("master"));
            return 0;
        }
    }

    private static void stop(List<Long> pids) {
        List<ProcessHandle> handles = new ArrayList<>();
        for (long pid : pids) {
            ProcessHandle.of(pid).ifPresent(h -> {
                h.descendants().forEach(ProcessHandle::destroy);
                h.destroy();
                handles.add(h);
            });
        }
        for (ProcessHandle h : handles) {
            try {
                h.onExit().get(10, TimeUnit.SECONDS);
            } catch (Exception e) {
                h.destroyForcibly();
            }
        }
    }

    private static boolean alive(Properties p) {
        return pids(p).stream()
                .anyMatch(
                        pid -> ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false));
    }

    private static List<Long> pids(Properties p) {
        List<Long> pids = new ArrayList<>();
        for (String s : p.getProperty("pids", "").split(",")) {
            if (!s.isBlank()) {
                pids.add(Long.parseLong(s.trim()));
            }
        }
        return pids;
    }

    private static void save(Path state, Properties p, List<Long> pids) throws IOException {
        StringBuilder sb = new StringBuilder();
        for (long pid : pids) {
            sb.append(sb.length() == 0 ? "" : ",").append(pid);
        }
        p.setProperty("pids", sb.toString());
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        p.store(out, "puzzle-atlas cluster");
        AtomicFiles.write(state, out.toByteArray());
    }

    private static Properties load(Path state) throws IOException {
        Properties p = new Properties();
        try (InputStream in = Files.newInputStream(state)) {
            p.load(in);
        }
        return p;
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    /** Polls the master's JSON status until {@code workers} are alive or the start timeout passes. */
    private static int awaitWorkers(String ui, int workers) throws InterruptedException {
        long deadline = System.currentTimeMillis() + START_TIMEOUT_MS;
        Pattern alive = Pattern.compile("\"aliveworkers\"\\s*:\\s*(\\d+)");
        int seen = 0;
        while (System.currentTimeMillis() < deadline) {
            try {
                HttpURLConnection c = (HttpURLConnection) new URL(ui + "/json/").openConnection();
                c.setConnectTimeout(1000);
                c.setReadTimeout(1000);
                try (InputStream in = c.getInputStream()) {
                    Matcher m = alive.matcher(new String(in.readAllBytes(), StandardCharsets.UTF_8));
                    if (m.find()) {
                        seen = Integer.parseInt(m.group(1));
                        if (seen >= workers) {
                            return seen;
                        }
                    }
                }
            } catch (IOException notYet) {
                // the master is still starting
            }
            Thread.sleep(200);
        }
        return seen;
    }
}
