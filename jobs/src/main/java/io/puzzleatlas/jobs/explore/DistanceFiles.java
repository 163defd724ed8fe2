package io.puzzleatlas.jobs.explore;

import io.puzzleatlas.core.kind.PuzzleKind;
import io.puzzleatlas.core.puzzle.Puzzle;
import io.puzzleatlas.core.table.RankedSpace;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.parquet.column.ColumnWriteStore;
import org.apache.parquet.column.ColumnWriter;
import org.apache.parquet.column.ParquetProperties;
import org.apache.parquet.hadoop.CodecFactory;
import org.apache.parquet.hadoop.ColumnChunkPageWriteStore;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.hadoop.util.HadoopOutputFile;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Types;

/**
 * The {@code distances/} Parquet files of {@code explore}, written straight through parquet-column's column writers:
 * three primitive writes per state, with no row object and no record assembly (Spark's row path would build and convert
 * a Row per state, hundreds of millions for the 3x4 puzzle; parquet-mr's record API costs about as much again as the
 * search). Ranks ascend within a file and are delta-encoded (v2 data pages), under a byte a row with zstd. The columns
 * are those of {@code Schemas.DISTANCES} (rank INT64, depth INT32, state UTF8).
 */
final class DistanceFiles {
    private DistanceFiles() {}

    static MessageType schema(boolean withStates) {
        Types.MessageTypeBuilder b = Types.buildMessage();
        b.required(PrimitiveTypeName.INT64).named("rank");
        b.required(PrimitiveTypeName.INT32).named("depth");
        if (withStates) {
            b.required(PrimitiveTypeName.BINARY)
                    .as(LogicalTypeAnnotation.stringType())
                    .named("state");
        }
        return b.named("distances");
    }

    /** The file name of range {@code part} (the local engine's one file). */
    static String fileName(int part) {
        return String.format(Locale.ROOT, "part-%05d.zstd.parquet", part);
    }

    /**
     * The file name of the states at {@code depth} of range {@code part} (the Spark engine streams a file per level).
     */
    static String fileName(int part, int depth) {
        return String.format(Locale.ROOT, "part-%05d-depth-%03d.zstd.parquet", part, depth);
    }

    /**
     * The file of levels {@code from} to {@code to} that the Spark engine searched in its driver (its first and last
     * levels).
     */
    static String levelsName(int from, int to) {
        return String.format(Locale.ROOT, "levels-%03d-to-%03d.zstd.parquet", from, to);
    }

    /**
     * The first depth a streamed distance file holds, from its name ({@link #fileName(int, int)} or
     * {@link #levelsName}); -1 for any other name (a Spark or Hadoop side file is not a level's).
     */
    static int firstDepth(String name) {
        String n = name.startsWith(".") ? name.substring(1) : name; // Hadoop's .crc side files go with their file
        Matcher m = Pattern.compile("(?:part-\\d+-depth-|levels-)(\\d+)").matcher(n);
        return m.lookingAt() ? Integer.parseInt(m.group(1)) : -1;
    }

    /**
     * A writer of {@code file} (replacing an earlier attempt), created at its first row; {@code spec} null unless
     * states are wanted.
     */
    static Writer writer(Configuration conf, Path file, ExploreSpec spec) {
        return new Writer(conf, file, spec);
    }

    /** Rows of one distances file, added in rank order of a level or of a range. */
    static final class Writer implements AutoCloseable {
        /** Rows buffered before the size of a row group is checked. */
        private static final int CHECK_EVERY = 1 << 16;

        private static final long ROW_GROUP_BYTES = 128L << 20;
        private final Configuration conf;
        private final Path file;
        private final Puzzle puzzle;
        private final PuzzleKind kind;
        private final RankedSpace space;
        private final MessageType schema;
        private final ParquetProperties props = ParquetProperties.builder()
                .withWriterVersion(ParquetProperties.WriterVersion.PARQUET_2_0)
                .withDictionaryEncoding(false)
                .withMinRowCountForPageSizeCheck(10_000)
                .withMaxRowCountForPageSizeCheck(100_000)
                .build();
        private ParquetFileWriter out;
        /** The file as written: its bytes summed as they go ({@link #commit}). */
        private SummingOutputFile summed;

        private CodecFactory codecs;
        private ColumnChunkPageWriteStore pages;
        private ColumnWriteStore store;
        private ColumnWriter rankColumn;
        private ColumnWriter depthColumn;
        private ColumnWriter stateColumn;
        private long rows;
        private long groupRows;
        private boolean closed;

        private Writer(Configuration conf, Path file, ExploreSpec spec) {
            this.conf = conf;
            this.file = file;
            this.puzzle = spec == null ? null : spec.puzzle().puzzle();
            this.kind = spec == null ? null : spec.puzzle().kind();
            this.space = spec == null ? null : spec.space();
            this.schema = schema(spec != null);
        }

        // the writer's builder needs a WriteSupport; this low-level constructor writes column chunks directly
        @SuppressWarnings("deprecation")
        void add(long rank, int depth) {
            try {
                if (out == null) {
                    summed = new SummingOutputFile(HadoopOutputFile.fromPath(file, conf));
                    out = new ParquetFileWriter(summed, schema, ParquetFileWriter.Mode.OVERWRITE, ROW_GROUP_BYTES, 0);
                    out.start();
                    codecs = new CodecFactory(conf, props.getPageSizeThreshold());
                }
                if (store == null) {
                    pages = new ColumnChunkPageWriteStore(
                            codecs.getCompressor(CompressionCodecName.ZSTD),
                            schema,
                            props.getAllocator(),
                            props.getColumnIndexTruncateLength(),
                            props.getPageWriteChecksumEnabled());
                    store = props.newColumnWriteStore(schema, pages);
                    rankColumn = store.getColumnWriter(schema.getColumnDescription(new String[] {"rank"}));
                    depthColumn = store.getColumnWriter(schema.getColumnDescription(new String[] {"depth"}));
                    stateColumn = puzzle == null
                            ? null
                            : store.getColumnWriter(schema.getColumnDescription(new String[] {"state"}));
                }
                rankColumn.write(rank, 0, 0);
                depthColumn.write(depth, 0, 0);
                if (stateColumn != null) {
                    stateColumn.write(Binary.fromString(kind.stateText(puzzle, space.unrank(rank))), 0, 0);
                }
                store.endRecord();
                rows++;
                if (++groupRows % CHECK_EVERY == 0 && store.getBufferedSize() >= ROW_GROUP_BYTES) {
                    endRowGroup();
                }
            } catch (IOException ex) {
                throw new UncheckedIOException("cannot write " + file, ex);
            }
        }

        private void endRowGroup() throws IOException {
            out.startBlock(groupRows);
            store.flush();
            pages.flushToFileWriter(out);
            out.endBlock();
            store.close();
            store = null;
            groupRows = 0;
        }

        long rows() {
            return rows;
        }

        /**
         * Closes the file and returns what its task reports of it: name, rows, length and CRC32C (null when it got no
         * row: no file was written).
         */
        DistanceCommit commit() {
            close();
            return out == null ? null : new DistanceCommit(file.getName(), rows, summed.sum());
        }

        @Override
        public void close() {
            if (out == null || closed) {
                return;
            }
            closed = true;
            try {
                if (store != null) {
                    endRowGroup();
                }
                out.end(Map.of("writer", "puzzle-atlas explore"));
            } catch (IOException ex) {
                throw new UncheckedIOException("cannot write " + file, ex);
            } finally {
                codecs.release();
            }
        }
    }
}
