package io.puzzleatlas.jobs.io;

import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocalFileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.api.WriteSupport;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.hadoop.util.HadoopOutputFile;
import org.apache.parquet.io.OutputFile;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.io.api.RecordConsumer;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Type.Repetition;
import org.apache.parquet.schema.Types;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * Writes a dataset of rows as Parquet without Spark: one zstd file per dataset, the same columns, types and nullability
 * (required for a not-null column) that Spark writes for the same schema, and Spark's schema in the footer, so Spark
 * and other readers cannot tell the files apart from a Spark job's. Used where starting Spark would cost more than the
 * job (the in-process engine of {@code solve}, docs/benchmarks.md). Only the column types the datasets use (string,
 * int, long) are supported.
 */
public final class ParquetRows implements Closeable {
    /** The footer key under which Spark keeps a file's Spark schema (as JSON). */
    private static final String SPARK_SCHEMA_KEY = "org.apache.spark.sql.parquet.row.metadata";
    /** A dataset written here is one file of this name, plus {@code _SUCCESS} as Spark leaves. */
    public static final String PART_FILE = "part-00000.zstd.parquet";
    /**
     * Rows between two checks of the pages' sizes. Parquet 1.13's estimate of the next check divides rows by bytes in
     * integers, gets 0 and so checks every 100 rows, each check a pass over every column: a fifth of the writer's time
     * on 400,000 rows. A page may now pass its megabyte by up to 1,000 rows.
     */
    private static final int PAGE_SIZE_CHECK_ROWS = 1_000;

    private final FileSystem fs;
    private final Path dir;
    private final ParquetWriter<Row> writer;
    private long rows;

    private ParquetRows(FileSystem fs, Path dir, ParquetWriter<Row> writer) {
        this.fs = fs;
        this.dir = dir;
        this.writer = writer;
    }

    /** Opens the dataset directory {@code dir} (created; it must not hold the part file yet). */
    public static ParquetRows open(Configuration conf, Path dir, StructType schema) {
        return open(conf, dir, PART_FILE, schema);
    }

    /**
     * Opens file {@code name} of the dataset directory {@code dir} (created if needed; the file must not exist yet).
     */
    public static ParquetRows open(Configuration conf, Path dir, String name, StructType schema) {
        try {
            FileSystem fs = NioLocalFileSystem.of(dir, conf);
            if (!fs.mkdirs(dir)) {
                throw new IOException("cannot create " + dir);
            }
            Path file = new Path(dir, name);
            OutputFile target = fs instanceof LocalFileSystem local
                    ? new LocalParquetFile(local.pathToFile(file).toPath())
                    : HadoopOutputFile.fromPath(file, conf);
            // Plain encoding under zstd, no dictionary pages: a column of one value a row (a board,
            // a move string, an id) never fits a dictionary, and Parquet would hash every value
            // until the page is full, then fall back (a third of the writer's time on a million
            // 2x2x2 rows); a column of few values (the puzzle, the status, the length) compresses
            // as well without one (the 8-puzzle's results: 1.8 % larger), and its encoders are
            // code the JIT compiles and recompiles during a short job (docs/benchmarks.md).
            Builder builder = new Builder(target, schema)
                    .withConf(conf)
                    .withWriteMode(ParquetFileWriter.Mode.CREATE)
                    .withCompressionCodec(CompressionCodecName.ZSTD)
                    .withDictionaryEncoding(false)
                    .withMinRowCountForPageSizeCheck(PAGE_SIZE_CHECK_ROWS);
            return new ParquetRows(fs, dir, builder.build());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + dir + " (" + e.getMessage() + ")", e);
        }
    }

    /** Writes a whole dataset: {@code rows} in order, then {@code _SUCCESS}. */
    public static void write(Configuration conf, Path dir, StructType schema, Iterable<Row> rows) {
        try (ParquetRows out = open(conf, dir, schema)) {
            for (Row r : rows) {
                out.add(r);
            }
        }
    }

    public void add(Row row) {
        try {
            writer.write(row);
            rows++;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + dir + " (" + e.getMessage() + ")", e);
        }
    }

    public long rows() {
        return rows;
    }

    /** Closes the file (writing its footer) and marks the dataset complete with {@code _SUCCESS}. */
    @Override
    public void close() {
        try {
            writer.close();
            fs.create(new Path(dir, "_SUCCESS"), true).close();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + dir + " (" + e.getMessage() + ")", e);
        }
    }

    /** The Parquet schema Spark writes for {@code schema} (its standard, non-legacy mapping). */
    static MessageType parquetSchema(StructType schema) {
        Types.MessageTypeBuilder message = Types.buildMessage();
        for (StructField f : schema.fields()) {
            Repetition repetition = f.nullable() ? Repetition.OPTIONAL : Repetition.REQUIRED;
            DataType t = f.dataType();
            if (t.equals(DataTypes.StringType)) {
                message.primitive(PrimitiveTypeName.BINARY, repetition)
                        .as(LogicalTypeAnnotation.stringType())
                        .named(f.name());
            } else if (t.equals(DataTypes.IntegerType)) {
                message.primitive(PrimitiveTypeName.INT32, repetition).named(f.name());
            } else if (t.equals(DataTypes.LongType)) {
                message.primitive(PrimitiveTypeName.INT64, repetition).named(f.name());
            } else {
                throw new IllegalArgumentException("column " + f.name() + ": type " + t + " is not supported here");
            }
        }
        return message.named("spark_schema");
    }

    /** Spark's JSON form of a flat schema, as {@code StructType.json()} writes it. */
    static String sparkJson(StructType schema) {
        StringBuilder json = new StringBuilder("{\"type\":\"struct\",\"fields\":[");
        StructField[] fields = schema.fields();
        for (int i = 0; i < fields.length; i++) {
            json.append(i == 0 ? "" : ",")
                    .append("{\"name\":\"")
                    .append(fields[i].name())
                    .append("\",\"type\":\"")
                    .append(fields[i].dataType().typeName())
                    .append("\",\"nullable\":")
                    .append(fields[i].nullable())
                    .append(",\"metadata\":{}}");
        }
        return json.append("]}").toString();
    }

    private static final class Builder extends ParquetWriter.Builder<Row, Builder> {
        private final StructType schema;

        Builder(OutputFile file, StructType schema) {
            super(file);
            this.schema = schema;
        }

        @Override
        protected Builder self() {
            return this;
        }

        @Override
        protected WriteSupport<Row> getWriteSupport(Configuration conf) {
            return new RowWriteSupport(schema);
        }
    }

    /** Row fields to Parquet values, by the schema's column types; a null leaves its column out. */
    private static final class RowWriteSupport extends WriteSupport<Row> {
        private final StructType schema;
        private final String[] names;
        /** Per column: 0 string, 1 int, 2 long. */
        private final int[] kinds;

        private RecordConsumer consumer;
        /**
         * Per string column, the last value written and its bytes: a column of one value for many rows (the puzzle, the
         * goal, the status) is encoded once, not once a row.
         */
        private final String[] lastText;

        private final Binary[] lastBinary;

        RowWriteSupport(StructType schema) {
            this.schema = schema;
            this.names = schema.fieldNames();
            this.kinds = new int[names.length];
            for (int i = 0; i < names.length; i++) {
                DataType t = schema.fields()[i].dataType();
                kinds[i] = t.equals(DataTypes.StringType) ? 0 : t.equals(DataTypes.IntegerType) ? 1 : 2;
            }
            this.lastText = new String[names.length];
            this.lastBinary = new Binary[names.length];
        }

        @Override
        public WriteContext init(Configuration configuration) {
            Map<String, String> meta = new HashMap<>();
            meta.put(SPARK_SCHEMA_KEY, sparkJson(schema));
            meta.put("org.apache.spark.version", org.apache.spark.package$.MODULE$.SPARK_VERSION_SHORT());
            return new WriteContext(parquetSchema(schema), meta);
        }

        @Override
        public void prepareForWrite(RecordConsumer recordConsumer) {
            this.consumer = recordConsumer;
        }

        @Override
        public void write(Row row) {
            consumer.startMessage();
            for (int i = 0; i < names.length; i++) {
                if (row.isNullAt(i)) {
                    if (!schema.fields()[i].nullable()) {
                        throw new IllegalArgumentException("column " + names[i] + " is null in " + row);
                    }
                    continue;
                }
                consumer.startField(names[i], i);
                switch (kinds[i]) {
                    case 0 -> consumer.addBinary(binary(i, row.getString(i)));
                    case 1 -> consumer.addInteger(row.getInt(i));
                    default -> consumer.addLong(row.getLong(i));
                }
                consumer.endField(names[i], i);
            }
            consumer.endMessage();
        }

        /** The bytes of {@code text} in column {@code i}: those of the column's last value when it is the same one. */
        private Binary binary(int i, String text) {
            if (text != lastText[i]) {
                lastBinary[i] = Binary.fromConstantByteArray(text.getBytes(StandardCharsets.UTF_8));
                lastText[i] = text;
            }
            return lastBinary[i];
        }
    }
}
