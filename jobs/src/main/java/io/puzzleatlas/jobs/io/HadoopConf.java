package io.puzzleatlas.jobs.io;

import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serializable;
import org.apache.hadoop.conf.Configuration;

/** A Hadoop Configuration that travels to executors (Configuration is Writable, not Serializable). */
public final class HadoopConf implements Serializable {
    private static final long serialVersionUID = 1L;
    private transient Configuration value;

    public HadoopConf(Configuration value) {
        this.value = value;
    }

    public Configuration get() {
        return value;
    }

    private void writeObject(ObjectOutputStream out) throws IOException {
        out.defaultWriteObject();
        value.write(out);
    }

    private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
        in.defaultReadObject();
        value = new Configuration(false);
        value.readFields(in);
    }
}
