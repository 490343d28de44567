package io.taper.weaver.internal;

import io.taper.weaver.ClassHierarchy;
import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What one weave learnt from the {@link ClassHierarchy} about other classes. A weave is a function of the class
 * bytes, the analysis and these answers, so a cached weave is reused only where the hierarchy still gives every
 * one of them. Guards and markers see only the class itself and the static context; this is the rest.
 */
public final class WeaveFacts {

    private record FinalField(String owner, String name, String desc, Boolean answer) {
    }

    /** By {@code owner.name:desc}, in the order first asked. */
    private final Map<String, FinalField> finalFields = new LinkedHashMap<>();

    synchronized void finalField(String owner, String name, String desc, Boolean answer) {
        finalFields.putIfAbsent(owner + '.' + name + ':' + desc, new FinalField(owner, name, desc, answer));
    }

    /** Whether the hierarchy gives every recorded answer now. */
    public boolean holdIn(ClassHierarchy hierarchy) {
        for (FinalField f : finalFields.values()) {
            if (!java.util.Objects.equals(f.answer, hierarchy.isFinalField(f.owner, f.name, f.desc))) {
                return false;
            }
        }
        return true;
    }

    public int size() {
        return finalFields.size();
    }

    void write(DataOutput out) throws IOException {
        out.writeInt(finalFields.size());
        for (FinalField f : finalFields.values()) {
            out.writeUTF(f.owner);
            out.writeUTF(f.name);
            out.writeUTF(f.desc);
            out.writeByte(f.answer == null ? -1 : f.answer ? 1 : 0);
        }
    }

    static WeaveFacts read(DataInput in) throws IOException {
        WeaveFacts facts = new WeaveFacts();
        int n = CacheEntry.count(in.readInt());
        for (int i = 0; i < n; i++) {
            String owner = in.readUTF();
            String name = in.readUTF();
            String desc = in.readUTF();
            byte a = in.readByte();
            if (a < -1 || a > 1) {
                throw new IOException("bad fact answer " + a);
            }
            facts.finalField(owner, name, desc, a < 0 ? null : a == 1);
        }
        return facts;
    }
}
