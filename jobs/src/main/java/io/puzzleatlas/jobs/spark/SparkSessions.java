package io.puzzleatlas.jobs.spark;

import io.puzzleatlas.jobs.io.NioLocalFileSystem;
import java.util.HashMap;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.spark.SparkConf;
import org.apache.spark.sql.SparkSession;

/**
 * Builds the job's SparkSession. Outside spark-submit the settings of {@code conf/spark-defaults.conf} apply (embedded
 * {@code local[*]} by default); under spark-submit, which passes its settings as {@code spark.*} system properties,
 * that file is ignored and no master is ever forced. {@code --conf} and {@code --master} override both; they are
 * checked before Spark starts ({@link SparkSettings}, {@link StartChecks}), and a failure of Spark's start-up that the
 * checks miss is reported naming the setting ({@link StartFailures}). Outside spark-submit, {@code file:} paths go
 * through {@link NioLocalFileSystem} (no {@code chmod} forked per output file) unless the configuration names another
 * {@code fs.file.impl}. A {@code local-cluster}'s executors map the driver's class-data archive
 * ({@link SparkHome#executorArchive}).
 */
public final class SparkSessions {
    /**
     * The {@link FaultSeam#stop} point just before Spark starts: a test arms it to show that a setting is refused by
     * the checks before it, whatever Spark would then do (retry a master for a minute, say).
     */
    public static final String START_POINT = "spark-start";

    private SparkSessions() {}

    /** Whether this JVM was started by spark-submit (it always sets {@code spark.master}). */
    public static boolean underSparkSubmit() {
        return System.getProperty("spark.master") != null;
    }

    /**
     * Whether this JVM is the driver of {@code spark-submit --deploy-mode cluster}: on YARN the application master,
     * which runs {@code main} in a thread of its own and reports the application FAILED if the JVM exits before
     * {@code main} returns.
     */
    public static boolean inClusterDeployMode() {
        return underSparkSubmit() && "cluster".equals(System.getProperty("spark.submit.deployMode"));
    }

    /**
     * Opens a session: the running one if there is one (a test's shared context; it is then left running on close),
     * else a new one that {@link JobSession#close} stops.
     */
    public static JobSession open(String jobName, SparkOptions options) {
        SparkSettings.checkConf(options.conf());
        SparkSettings.Master master = SparkSettings.master(options);
        SparkSettings.checkMaster(master);
        StartChecks.check(options, master);
        boolean existing = SparkSession.getDefaultSession().isDefined()
                || SparkSession.getActiveSession().isDefined();
        SparkConf conf = new SparkConf();
        if (!underSparkSubmit()) {
            for (Map.Entry<String, String> e : ConfFile.sparkDefaults().entrySet()) {
                conf.setIfMissing(e.getKey(), e.getValue());
            }
            useNioLocalFileSystem(conf);
        }
        for (Map.Entry<String, String> e : options.conf().entrySet()) {
            conf.set(e.getKey(), e.getValue());
        }
        if (options.master() != null) {
            conf.setMaster(options.master());
        }
        if (SparkHome.isLocalCluster(conf.get("spark.master", null))) {
            // its executors start from this jar: they map this JVM's class-data archive too
            SparkHome.executorArchive(
                            conf.get("spark.executor.extraClassPath", null),
                            conf.get("spark.executor.extraJavaOptions", null))
                    .forEach(conf::set);
        }
        conf.setIfMissing("spark.app.name", "puzzle-atlas");
        conf.setAppName(conf.get("spark.app.name") + " " + jobName);
        SparkSession spark;
        FaultSeam.stop(START_POINT);
        try {
            spark = SparkSession.builder().config(conf).getOrCreate();
        } catch (Throwable e) { // Spark's SparkException arrives undeclared
            RuntimeException named = StartFailures.explain(e, conf, options, master);
            if (named != null) {
                throw named;
            }
            throw e;
        }
        RuntimeException notTaken = existing ? null : StartFailures.notRegistered(spark.sparkContext(), master);
        if (notTaken != null) {
            spark.stop();
            throw notTaken;
        }
        if (existing && !underSparkSubmit()) {
            // A running session (a test's shared one) keeps its configuration; new file systems
            // created from its Hadoop configuration still avoid the forks.
            spark.sparkContext()
                    .hadoopConfiguration()
                    .setIfUnset(NioLocalFileSystem.CONF_KEY, NioLocalFileSystem.class.getName());
        }
        return new JobSession(spark, !existing);
    }

    /**
     * Whether this run's Spark would be the embedded one in this JVM: no running session, not under spark-submit, no
     * {@code --master} or {@code --conf}, and conf/spark-defaults.conf naming a {@code local} master. Only then may a
     * command do its work without Spark. In a JVM the command owns ({@code ownsJvm}, {@code Main.main} not under
     * spark-submit) no session can run before it: Spark's session classes are not loaded to ask (0.1 s of a start).
     */
    public static boolean embeddedDefault(SparkOptions options, boolean ownsJvm) {
        String master = ConfFile.sparkDefaults().getOrDefault("spark.master", "local[*]");
        return !underSparkSubmit()
                && options.master() == null
                && options.conf().isEmpty()
                && (master.equals("local") || master.startsWith("local["))
                && (ownsJvm || noSession());
    }

    private static boolean noSession() {
        return SparkSession.getDefaultSession().isEmpty()
                && SparkSession.getActiveSession().isEmpty();
    }

    /**
     * The configuration {@link #hadoopConfiguration} copies, with its resources read, and the settings it was made of.
     */
    private static Configuration template;

    private static Map<String, String> templateDefaults;

    /**
     * The Hadoop configuration a job of the embedded default would have, without starting Spark: Hadoop's defaults, the
     * {@code spark.hadoop.*} settings of conf/spark-defaults.conf and {@code file:} through {@link NioLocalFileSystem}.
     * Each call returns a new copy of one configuration whose resources were read once (Hadoop reads its default XML
     * files again for every new configuration: a job of the local engine made three), remade when the settings of
     * conf/spark-defaults.conf change.
     */
    public static Configuration hadoopConfiguration() {
        Map<String, String> defaults = ConfFile.sparkDefaults();
        Configuration t;
        synchronized (SparkSessions.class) {
            if (template == null || !defaults.equals(templateDefaults)) {
                t = new Configuration();
                for (Map.Entry<String, String> e : defaults.entrySet()) {
                    if (e.getKey().startsWith("spark.hadoop.")) {
                        t.set(e.getKey().substring("spark.hadoop.".length()), e.getValue());
                    }
                }
                t.setIfUnset(NioLocalFileSystem.CONF_KEY, NioLocalFileSystem.class.getName());
                t.setBoolean(NioLocalFileSystem.DIRECT_KEY, true);
                t.size(); // reads the resources, so that the copies do not
                template = t;
                templateDefaults = new HashMap<>(defaults);
            }
            t = template;
        }
        return new Configuration(t);
    }

    /**
     * Points {@code file:} at {@link NioLocalFileSystem} (permissions through java.nio, no forked {@code chmod}) unless
     * {@code spark.hadoop.fs.file.impl} is set already. For sessions that run the jobs' classes in one class path: the
     * embedded default and tests.
     */
    public static SparkConf useNioLocalFileSystem(SparkConf conf) {
        return conf.setIfMissing("spark.hadoop." + NioLocalFileSystem.CONF_KEY, NioLocalFileSystem.class.getName());
    }
}
