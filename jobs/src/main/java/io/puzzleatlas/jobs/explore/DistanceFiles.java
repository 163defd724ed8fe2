package io.puzzleatlas.jobs.explore;

import io.puzzleatlas.core.puzzle.Puzzle;
import io.puzzleatlas.core.registry.PuzzleRegistry;
import io.puzzleatlas.core.table.RankRangeSearch;
import io.puzzleatlas.core.table.RankedSpace;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
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

    /** The file name of range {@code part}. */
    static String fileName(int part) {
        return String.format("part-%05d.zstd.parquet", part);
    }

    /**
     * Writes the reached ranks of {@code depth} (ranks {@code lo ..}) to {@code file}, replacing
     * any earlier attempt; returns the number of rows. {@code spec} is null unless states are wanted.
     */
    static long write(Configuration conf, Path file, long lo, byte[] depth, ExploreSpec spec) {
        boolean withStates = spec != null;
        Puzzle puzzle = withStates ? spec.puzzle() : null;
        RankedSpace space = withStates ? spec.space() : null;
        long rows = 0;
        try {
            OutputFile out = HadoopOutputFile.fromPath(file, conf);
            try (ParquetWriter<Entry> writer = new Builder(out, withStates).withConf(conf)
                    .withCompressionCodec(CompressionCodecName.ZSTD)
                    .withWriteMode(ParquetFileWriter.Mode.OVERWRITE)
                    .withDictionaryEncoding(true)
                    .build()) {
                Entry e = new Entry();
                for (int i = 0; i < depth.length; i++) {
                    if (depth[i] == RankRangeSearch.UNSEEN) {
                        continue;
                    }
                    e.rank = lo + i;
                    e.depth = depth[i];
                    if (withStates) {
                        e.state = PuzzleRegistry.kind(puzzle).stateText(puzzle, space.unrank(e.rank));
                    }
                    writer.write(e);
                    rows++;
                }
            }
        } catch (IOException ex) {
            throw new UncheckedIOException("cannot write " + file, ex);
        }
        return rows;
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
