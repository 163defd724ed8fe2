package io.puzzleatlas.jobs.generate;

import java.util.Iterator;
import org.apache.spark.api.java.function.MapPartitionsFunction;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;

/**
 * Makes the {@code instances/} row of each instance id on the executors. Captures only the {@link GeneratorSpec}, whose
 * puzzle is rebuilt once per executor JVM.
 */
final class InstanceRows implements MapPartitionsFunction<Long, Row> {
    private static final long serialVersionUID = 1L;

    private final GeneratorSpec spec;

    InstanceRows(GeneratorSpec spec) {
        this.spec = spec;
    }

    @Override
    public Iterator<Row> call(Iterator<Long> ids) {
        GeneratorSpec.Draw draw = spec.open();
        String name = draw.puzzle().name();
        return new Iterator<>() {
            @Override
            public boolean hasNext() {
                return ids.hasNext();
            }

            @Override
            public Row next() {
                long id = ids.next();
                if (draw.wide()) {
                    return RowFactory.create(name, id, draw.wideStart(id), draw.wideGoal(), null);
                }
                long board = draw.board(id);
                return RowFactory.create(name, id, draw.startText(board), draw.goalText(board), null);
            }
        };
    }
}
