package io.taper.weaver.internal;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.FieldNode;

/**
 * Adds an analysis's per-instance shadow fields to a class: for each instance field {@code f} it
 * declares, one {@code private transient synthetic Object <prefix>f}, a slot where the analysis keeps
 * that field's state for that object.
 *
 * <p>Why a reference: {@code Object.clone()} copies every field, shadows included, so a value that means
 * something about one object must tell which object it is about; an analysis can store the object
 * itself (a clone then holds its original, not itself) or any state object of its own.
 *
 * <p>Why these modifiers: private and synthetic keep them out of the program's way (reflection-based
 * tools skip synthetic fields), and private transient fields take no part in serialisation, not even in
 * the default {@code serialVersionUID}, so serialised forms stay compatible. Which fields are added
 * depends on the original class file alone, so weaving the same class again adds exactly the same ones,
 * as a retransformation must.
 */
public final class ShadowFields {

    static final int ACCESS = Opcodes.ACC_PRIVATE | Opcodes.ACC_TRANSIENT | Opcodes.ACC_SYNTHETIC;
    static final String DESCRIPTOR = "Ljava/lang/Object;";

    private ShadowFields() {
    }

    /** Adds the shadow fields to {@code cn}; returns how many (0 for interfaces and classes without instance fields). */
    public static int add(ClassNode cn, String prefix) {
        if ((cn.access & (Opcodes.ACC_INTERFACE | Opcodes.ACC_MODULE)) != 0 || prefix == null) {
            return 0;
        }
        List<FieldNode> fields = cn.fields;
        Set<String> names = new HashSet<>();
        for (FieldNode f : fields) {
            names.add(f.name);
        }
        int n = fields.size();
        int added = 0;
        for (int i = 0; i < n; i++) {
            FieldNode f = fields.get(i);
            if ((f.access & Opcodes.ACC_STATIC) != 0 || f.name.startsWith(prefix)) {
                continue;
            }
            String shadow = prefix + f.name;
            if (names.add(shadow)) {
                fields.add(new FieldNode(ACCESS, shadow, DESCRIPTOR, null, null));
                added++;
            }
        }
        return added;
    }
}
