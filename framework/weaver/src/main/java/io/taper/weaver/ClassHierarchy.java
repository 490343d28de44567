package io.taper.weaver;

import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.FieldVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.FieldNode;

/**
 * What the weaver knows about classes it does not weave right now, learnt from class bytes it has seen
 * (never by loading classes): super classes, interfaces and declared fields. The weaver adds every class
 * it parses; the server may add more (e.g. classes outside every scope). Keyed by internal name only, so
 * same-named classes of different loaders share one entry (the last one added wins). Thread-safe.
 */
public final class ClassHierarchy {

    /** Field access flags by {@code name + ":" + desc}. */
    private record Info(String superName, String[] interfaces, Map<String, Integer> fields) {
    }

    private final ConcurrentHashMap<String, Info> classes = new ConcurrentHashMap<>();

    /** Records a class from its bytes; bytes that cannot be parsed are ignored. */
    public void add(byte[] classBytes) {
        try {
            ClassReader reader = new ClassReader(classBytes);
            Map<String, Integer> fields = new HashMap<>();
            reader.accept(new ClassVisitor(Opcodes.ASM9) {
                @Override
                public FieldVisitor visitField(int access, String name, String desc, String sig, Object value) {
                    fields.put(name + ":" + desc, access);
                    return null;
                }
            }, ClassReader.SKIP_CODE | ClassReader.SKIP_DEBUG | ClassReader.SKIP_FRAMES);
            classes.put(reader.getClassName(), new Info(reader.getSuperName(), reader.getInterfaces(), fields));
        } catch (RuntimeException malformed) {
            // the weaver reports unparseable classes itself; the hierarchy just does not learn them
        }
    }

    /** Records a class the weaver has parsed. */
    public void add(ClassNode node) {
        Map<String, Integer> fields = new HashMap<>(node.fields.size() * 2);
        for (FieldNode f : node.fields) {
            fields.put(f.name + ":" + f.desc, f.access);
        }
        classes.put(node.name, new Info(node.superName, node.interfaces.toArray(new String[0]), fields));
    }

    public boolean knows(String internalName) {
        return classes.containsKey(internalName);
    }

    public String superName(String internalName) {
        Info i = classes.get(internalName);
        return i == null ? null : i.superName;
    }

    /**
     * Whether the field a {@code getfield/putfield/getstatic/putstatic owner.name:desc} resolves to is
     * declared final, following JVM field resolution (the owner, its interfaces, then its super classes).
     *
     * @return TRUE/FALSE, or null when a class on the resolution path has not been seen
     */
    public Boolean isFinalField(String owner, String name, String desc) {
        return resolve(owner, name + ":" + desc, 0);
    }

    private Boolean resolve(String owner, String key, int depth) {
        if (owner == null || depth > 64) {
            return null;
        }
        Info info = classes.get(owner);
        if (info == null) {
            return null;
        }
        Integer access = info.fields.get(key);
        if (access != null) {
            return (access & Opcodes.ACC_FINAL) != 0;
        }
        for (String itf : info.interfaces) {
            Boolean r = resolve(itf, key, depth + 1);
            if (r != null) {
                return r;
            }
        }
        return info.superName == null ? null : resolve(info.superName, key, depth + 1);
    }

    public int size() {
        return classes.size();
    }
}
