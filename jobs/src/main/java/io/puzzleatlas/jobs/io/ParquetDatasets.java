package io.puzzleatlas.jobs.io;

import java.io.IOException;
import java.util.function.Predicate;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.parquet.HadoopReadOptions;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.convert.GroupRecordConverter;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.util.HadoopInputFile;
import org.apache.parquet.io.ColumnIOFactory;
import org.apache.parquet.io.MessageColumnIO;
import org.apache.parquet.io.RecordReader;
import org.apache.parquet.schema.MessageType;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;

/**
 * Writes datasets the one way docs/datasets.md fixes: Parquet, zstd, whatever spark-defaults says; counts and reads
 * them back in this JVM.
 */
public final class ParquetDatasets {
    private ParquetDatasets() {}

    public static void write(Dataset<Row> rows, Path path) {
        rows.write().option("compression", "zstd").parquet(path.toString());
    }

    /**
     * The rows of the dataset directory {@code dir}, from its files' footers (the hidden ones aside,
     * {@link LocalDatasets#hidden}), read by this JVM: what Spark's count of the dataset reads, without its two jobs
     * and their tasks.
     */
    public static long rows(Configuration conf, Path dir) throws IOException {
        FileSystem fs = dir.getFileSystem(conf);
        long rows = 0;
        for (FileStatus f : fs.listStatus(dir, p -> !LocalDatasets.hidden(p.getName()))) {
            rows += fileRows(conf, f.getPath());
        }
        return rows;
    }

    /** The rows of Parquet file {@code file}, from its footer. */
    public static long fileRows(Configuration conf, Path file) throws IOException {
        try (ParquetFileReader r = open(conf, file)) {
            return r.getRecordCount();
        }
    }

    /**
     * Hands the rows of {@code file}, row group by row group, to {@code row} as parquet-java's example groups (every
     * column, by the file's own schema), while it returns true.
     */
    public static void readRows(ParquetFileReader file, Predicate<Group> row) throws IOException {
        MessageType schema = file.getFooter().getFileMetaData().getSchema();
        MessageColumnIO columns = new ColumnIOFactory().getColumnIO(schema);
        for (PageReadStore group = file.readNextRowGroup(); group != null; group = file.readNextRowGroup()) {
            RecordReader<Group> records = columns.getRecordReader(group, new GroupRecordConverter(schema));
            for (long r = 0; r < group.getRowCount(); r++) {
                if (!row.test(records.read())) {
                    return;
                }
            }
        }
    }

    /**
     * Parquet file {@code file} opened for reading with {@code conf}, its options and codecs included (parquet-java's
     * defaults would make a new Hadoop configuration, which parses Hadoop's XML defaults again, for every file).
     */
    public static ParquetFileReader open(Configuration conf, Path file) throws IOException {
        return ParquetFileReader.open(
                HadoopInputFile.fromPath(file, conf),
                HadoopReadOptions.builder(conf).build());
    }
}
