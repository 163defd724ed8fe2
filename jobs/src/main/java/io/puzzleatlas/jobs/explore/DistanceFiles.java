package io.puzzleatlas.jobs.explore;

import io.puzzleatlas.core.puzzle.Puzzle;
import io.puzzleatlas.core.registry.PuzzleRegistry;
import io.puzzleatlas.core.table.RankedSpace;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Locale;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.api.WriteSupport;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.hadoop.util.HadoopInputFile;
import org.apache.parquet.hadoop.util.HadoopOutputFile;
import org.apache.parquet.io.OutputFile;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.io.api.RecordConsumer;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Types;

/**
 * Writes one {@code distances/} Parquet file straight from a range's depth array, through
 * parquet-hadoop's record API: two primitive writes per state and no row object, where Spark's
 * row path would build and convert a Row per state (hundreds of millions for the 3x4 puzzle).
 * The columns are those of {@code Schemas.DISTANCES} (rank INT64, depth INT32, state UTF8).
 */
final class DistanceFiles {
    private DistanceFiles() {
    }

    static MessageType schema(boolean withStates) {
        Types.MessageTypeBuilder b = Types.buildMessage();
        b.required(PrimitiveTypeName.INT64).named("rank");
        b.required(PrimitiveTypeName.INT32).named("depth");
        if (withStates) {
            b.required(PrimitiveTypeName.BINARY).as(LogicalTypeAnnotation.stringType()).named("state");
        }
        return b.named("distances");
    }

    /** The file name of range {@code part} (the local engine's one file). */
    static String fileName(int part) {
        return String.format(Locale.ROOT, "part-%05d.zstd.parquet", part);
    }

    /** The file name of the states at {@code depth} of range {@code part} (the Spark engine streams a file per level). */
    static String fileName(int part, int depth) {
        return String.format(Locale.ROOT, "part-%05d-depth-%03d.zstd.parquet", part, depth);
    }

    /** A writer of {@code file} (replacing an earlier attempt), created at its first row; {@code spec} null unless states are wanted. */
    static Writer writer(Configuration conf, Path file, ExploreSpec spec) {
        return new Writer(conf, file, spec);
    }

    /** Rows of one distances file, added in rank order of a level or of a range. */
    static final class Writer implements AutoCloseable {
        private final Configuration conf;
        private final Path file;
        private final Puzzle puzzle;
        private final RankedSpace space;
        private final Entry e = new Entry();
        private ParquetWriter<Entry> writer;
        private long rows;

        private Writer(Configuration conf, Path file, ExploreSpec spec) {
            this.conf = conf;
            this.file = file;
            this.puzzle = spec == null ? null : spec.puzzle();
            this.space = spec == null ? null : spec.space();
        }

        void add(long rank, int depth) {
            try {
                if (writer == null) {
                    writer = new Builder(HadoopOutputFile.fromPath(file, conf), puzzle != null).withConf(conf)
                            .withCompressionCodec(CompressionCodecName.ZSTD)
                            .withWriteMode(ParquetFileWriter.Mode.OVERWRITE)
                            .withDictionaryEncoding(true)
                            .build();
                }
                e.rank = rank;
                e.depth = depth;
                if (puzzle != null) {
                    e.state = PuzzleRegistry.kind(puzzle).stateText(puzzle, space.unrank(rank));
                }
                writer.write(e);
                rows++;
            } catch (IOException ex) {
                throw new UncheckedIOException("cannot write " + file, ex);
            }
        }

        long rows() {
            return rows;
        }

        @Override
        public void close() {
            if (writer != null) {
                try {
                    writer.close();
                } catch (IOException ex) {
                    throw new UncheckedIOException("cannot write " + file, ex);
                }
            }
        }
    }

    /**
     * Moves the streamed distance files of {@code from} to {@code to} (replacing an empty
     * {@code to}) and returns their rows, read from the files' footers.
     */
    static long moveInto(Configuration conf, Path from, Path to) {
        try {
            FileSystem fs = to.getFileSystem(conf);
            if (fs.exists(to)) {
                fs.delete(to, true);
            }
            if (!fs.exists(from)) {
                fs.mkdirs(to);
                return 0;
            }
            if (!fs.rename(from, to)) {
                throw new IOException("cannot rename " + from + " to " + to);
            }
            long rows = 0;
            for (FileStatus f : fs.listStatus(to, p -> p.getName().endsWith(".parquet"))) {
                try (ParquetFileReader r = ParquetFileReader.open(HadoopInputFile.fromStatus(f, conf))) {
                    rows += r.getRecordCount();
                }
            }
            return rows;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot publish the distances of " + from + ": " + e.getMessage(), e);
        }
    }

    /** The one mutable record the writer is fed, reused for every row. */
    static final class Entry {
        long rank;
        int depth;
        String state;
    }

    private static final class Builder extends ParquetWriter.Builder<Entry, Builder> {
        private final boolean withStates;

        Builder(OutputFile file, boolean withStates) {
            super(file);
            this.withStates = withStates;
        }

        @Override
        protected Builder self() {
            return this;
        }

        @Override
        protected WriteSupport<Entry> getWriteSupport(Configuration conf) {
            return new EntryWriteSupport(withStates);
        }
    }

    private static final class EntryWriteSupport extends WriteSupport<Entry> {
        private final boolean withStates;
        private RecordConsumer consumer;

        EntryWriteSupport(boolean withStates) {
            this.withStates = withStates;
        }

        @Override
        public WriteContext init(Configuration configuration) {
            return new WriteContext(schema(withStates), Map.of("writer", "puzzle-atlas explore"));
        }

        @Override
        public void prepareForWrite(RecordConsumer recordConsumer) {
            this.consumer = recordConsumer;
        }

        @Override
        public void write(Entry e) {
            consumer.startMessage();
            consumer.startField("rank", 0);
            consumer.addLong(e.rank);
            consumer.endField("rank", 0);
            consumer.startField("depth", 1);
            consumer.addInteger(e.depth);
            consumer.endField("depth", 1);
            if (withStates) {
                consumer.startField("state", 2);
                consumer.addBinary(Binary.fromString(e.state));
                consumer.endField("state", 2);
            }
            consumer.endMessage();
        }
    }
}
