package io.puzzleatlas.jobs.io;

import java.io.IOException;
import java.io.StringReader;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The job that owns a staging directory, an output's lock or a publish journal: host, process id, job id and start
 * time, written as {@code key=value} lines. It tells whether that job can still be running: on this host, exactly (its
 * process is gone, or it is this process and the job has ended); on another host, only by age.
 */
record JobOwner(String host, long pid, String job, long started) {
    /** The jobs of this process that have not ended (a killed job's process is gone instead). */
    private static final Set<String> RUNNING = ConcurrentHashMap.newKeySet();

    static final String HOST = hostName();

    /** The owner of a job starting now in this process, registered as running. */
    static JobOwner start(String job) {
        JobOwner owner = new JobOwner(HOST, ProcessHandle.current().pid(), job, System.currentTimeMillis());
        RUNNING.add(job);
        return owner;
    }

    /** Marks this job ended; its leftovers are then anyone's to recover or remove. */
    void ended() {
        RUNNING.remove(job);
    }

    byte[] toBytes() {
        return ("host=" + host + "\npid=" + pid + "\njob=" + job + "\nstarted=" + started + "\n")
                .getBytes(StandardCharsets.UTF_8);
    }

    /** The owner named by {@code key=value} lines, empty when they name none. */
    static Optional<JobOwner> parse(String text) {
        try {
            Properties p = new Properties();
            p.load(new StringReader(text));
            return Optional.of(new JobOwner(
                            p.getProperty("host"),
                            Long.parseLong(p.getProperty("pid")),
                            p.getProperty("job"),
                            Long.parseLong(p.getProperty("started", "0"))))
                    .filter(o -> o.host != null && o.job != null);
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /**
     * Whether this job has certainly stopped. On this host: its process is gone or was started after the job (the id
     * was reused), or it is this process and the job has ended. On another host: when {@code lastModified} is more than
     * {@code staleAfterMillis} ago.
     */
    boolean stopped(long lastModified, long staleAfterMillis) {
        if (!host.equals(HOST)) {
            return System.currentTimeMillis() - lastModified > staleAfterMillis;
        }
        if (pid == ProcessHandle.current().pid()) {
            return !RUNNING.contains(job);
        }
        Optional<ProcessHandle> process = ProcessHandle.of(pid).filter(ProcessHandle::isAlive);
        return process.isEmpty()
                || process.get()
                        .info()
                        .startInstant()
                        .map(t -> t.isAfter(Instant.ofEpochMilli(started)))
                        .orElse(false);
    }

    @Override
    public String toString() {
        return "job " + job + " (process " + pid + " on " + host + ")";
    }

    private static String hostName() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (IOException e) {
            return "localhost";
        }
    }
}
