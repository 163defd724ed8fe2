package io.puzzleatlas.jobs.test;

import io.puzzleatlas.jobs.io.LocalDatasets;
import io.puzzleatlas.jobs.io.ParquetDatasets;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.LogicalTypeAnnotation.StringLogicalTypeAnnotation;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Type;

/**
 * A Parquet dataset's rows read in this JVM, each as text, sorted: two datasets hold the same multiset of rows when
 * these lists are equal. The files are read with parquet-java's example groups, not with Spark, so a comparison starts
 * no Spark job (on a cluster, four a dataset pair: a schema's footer job and a collect for each side). Every column is
 * in the text, by name and value (strings as text, other bytes as hex, nested values field by field), but the top-level
 * timings ({@code _micros}, {@code _millis}), which differ from run to run.
 */
final class DatasetRows {
    private static final HexFormat HEX = HexFormat.of();

    private DatasetRows() {}

    /**
     * The rows of the dataset directory {@code dataset}, a URI (its Parquet files, those starting with _ or . aside).
     */
    static List<String> sorted(Configuration conf, String dataset) {
        List<String> rows = new ArrayList<>();
        Path dir = new Path(dataset);
        try {
            FileSystem fs = dir.getFileSystem(conf);
            for (FileStatus f : fs.listStatus(dir, DatasetRows::isDataFile)) {
                try (ParquetFileReader file = ParquetDatasets.open(conf, f.getPath())) {
                    ParquetDatasets.readRows(file, g -> rows.add(text(g, true)));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(dir + ": cannot be read", e);
        }
        rows.sort(null);
        return rows;
    }

    private static boolean isDataFile(Path p) {
        return p.getName().endsWith(".parquet") && !LocalDatasets.hidden(p.getName());
    }

    private static String text(Group g, boolean top) {
        GroupType type = g.getType();
        StringBuilder s = new StringBuilder("[");
        for (int i = 0; i < type.getFieldCount(); i++) {
            String name = type.getFieldName(i);
            if (top && (name.endsWith("_micros") || name.endsWith("_millis"))) {
                continue;
            }
            Type field = type.getType(i);
            s.append(name).append('=');
            for (int j = 0; j < g.getFieldRepetitionCount(i); j++) {
                s.append(j == 0 ? "" : ",");
                if (!field.isPrimitive()) {
                    s.append(text(g.getGroup(i, j), false));
                } else if (field.asPrimitiveType().getPrimitiveTypeName() == PrimitiveTypeName.INT96) {
                    s.append(HEX.formatHex(g.getInt96(i, j).getBytes()));
                } else if (field.getLogicalTypeAnnotation() instanceof StringLogicalTypeAnnotation) {
                    s.append(g.getString(i, j));
                } else if (isBytes(field.asPrimitiveType().getPrimitiveTypeName())) {
                    s.append(HEX.formatHex(g.getBinary(i, j).getBytes()));
                } else {
                    s.append(g.getValueToString(i, j));
                }
            }
            s.append(';');
        }
        return s.append(']').toString();
    }

    private static boolean isBytes(PrimitiveTypeName t) {
        return t == PrimitiveTypeName.BINARY || t == PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY;
    }
}
