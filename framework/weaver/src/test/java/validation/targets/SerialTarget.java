package validation.targets;

import java.io.Serializable;

/** Serializable without an explicit serialVersionUID: shadow fields must not change the computed one. */
public class SerialTarget implements Serializable {

    int count;
    String name;
    transient Object cache;
    static int instances;

    public SerialTarget() {
        instances++;
    }

    public int next() {
        return ++count;
    }
}
