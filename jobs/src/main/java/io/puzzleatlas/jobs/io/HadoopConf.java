package io.puzzleatlas.jobs.io;

import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.Text;

/**
 * A Hadoop Configuration that travels to executors (Configuration is Writable, not Serializable), as its properties:
 * pairs of strings, read back as {@link Configuration#readFields} reads them ({@code set}, so deprecated names behave
 * alike). Not through {@link Configuration#write}: that also writes, for each of the thousand-odd properties, the names
 * of the files it came from, each through a GZIP stream of its own, and every task that reads it back opens as many
 * inflaters; no task reads those names.
 */
public final class HadoopConf implements Serializable {
    private static final long serialVersionUID = 2L;
    private transient Configuration value;

    public HadoopConf(Configuration value) {
        this.value = value;
    }

    public Configuration get() {
        return value;
    }

    private void writeObject(ObjectOutputStream out) throws IOException {
        out.defaultWriteObject();
        List<Map.Entry<String, String>> properties = new ArrayList<>();
        value.forEach(properties::add);
        out.writeInt(properties.size());
        for (Map.Entry<String, String> p : properties) {
            Text.writeString(out, p.getKey());
            Text.writeString(out, p.getValue());
        }
    }

    private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
        in.defaultReadObject();
        value = new Configuration(false);
        int size = in.readInt();
        for (int i = 0; i < size; i++) {
            value.set(Text.readString(in), Text.readString(in));
        }
    }
}
