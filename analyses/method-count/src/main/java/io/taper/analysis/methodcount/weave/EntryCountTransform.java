package io.taper.analysis.methodcount.weave;

import io.taper.analysis.methodcount.MethodTable;
import io.taper.api.ClassTransform;
import io.taper.api.ThreadCounterCode;
import io.taper.api.WovenClassSlots;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.MethodTooLargeException;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * Weaves an entry counter into every method with code, JDK classes included: in front of its first instruction,
 * {@code ThreadCounters.count(slot, size, i)} (about ten bytes, stack depth three, no local, no frame changes, no
 * atomic), so a small method stays small enough for the JIT to inline; in a JVM whose {@code Thread} has the counters'
 * field ({@link ThreadCounterCode#FIELD_OPTION}), the class's page of the current thread's table, fetched and tested
 * by the method itself ({@link ThreadCounterCode#countThroughField}). Each class gets a slot per (loader, name,
 * bytes); its {@link MethodTable} goes with it as facts. The slot is an {@code ldc} of a constant of its own, so that a
 * later run takes the class from the woven-class cache and writes its own slot into it
 * ({@link ClassTransform.Reusable}).
 */
public final class EntryCountTransform implements ClassTransform, ClassTransform.Reusable {


    private final WovenClassSlots slots = new WovenClassSlots();
    private volatile boolean throughField;
    private final AtomicLong woven = new AtomicLong();
    private final AtomicLong methods = new AtomicLong();
    private final AtomicLong reused = new AtomicLong();

    @Override
    public void init(Context context) {
        throughField = "true".equals(context.options().get(ThreadCounterCode.FIELD_OPTION));
    }

    @Override
    public Woven transform(Request r) {
        ClassReader reader = new ClassReader(r.bytes());
        if ((reader.getAccess() & Opcodes.ACC_MODULE) != 0) {
            return null;
        }
        Set<String> keep = new HashSet<>();
        List<String> kept = new ArrayList<>();
        while (true) {
            List<String[]> withCode = new ArrayList<>();
            reader.accept(new ClassVisitor(Opcodes.ASM9) {
                @Override
                public MethodVisitor visitMethod(int access, String name, String desc, String sig, String[] exc) {
                    if (counted(access, name, desc, keep)) {
                        withCode.add(new String[] {name, desc});
                    }
                    return null;
                }
            }, ClassReader.SKIP_CODE);
            if (withCode.isEmpty()) {
                return null;
            }
            int slot = slots.of(r);
            try {
                byte[] out = weave(reader, slot, withCode.size(), keep, throughField);
                woven.incrementAndGet();
                methods.addAndGet(withCode.size());
                Woven w = new Woven(out, new MethodTable(slot, withCode, throughField).toFacts(), kept);
                // past the short range, counter indexes are ldc constants too and could share the slot's
                return withCode.size() <= Short.MAX_VALUE ? w.numbered(slot) : w;
            } catch (MethodTooLargeException e) {
                if (!keep.add(e.getMethodName() + e.getDescriptor())) {
                    throw e;
                }
                kept.add(Woven.tooLarge(reader.getClassName(), e.getMethodName(), e.getDescriptor(), e.getCodeSize()));
            }
        }
    }

    private static boolean counted(int access, String name, String desc, Set<String> keep) {
        return (access & (Opcodes.ACC_ABSTRACT | Opcodes.ACC_NATIVE)) == 0 && !keep.contains(name + desc);
    }

    private static byte[] weave(ClassReader reader, int slot, int size, Set<String> keep, boolean inField) {
        ClassWriter writer = new ClassWriter(reader, ClassWriter.COMPUTE_MAXS);
        boolean frames = reader.readUnsignedShort(6) >= Opcodes.V1_6;
        int[] next = {0};
        reader.accept(new ClassVisitor(Opcodes.ASM9, writer) {
            @Override
            public MethodVisitor visitMethod(int access, String name, String desc, String sig, String[] exceptions) {
                MethodVisitor mv = super.visitMethod(access, name, desc, sig, exceptions);
                if (!counted(access, name, desc, keep)) {
                    return mv;
                }
                int counter = next[0]++;
                return new MethodVisitor(Opcodes.ASM9, mv) {
                    @Override
                    public void visitCode() {
                        super.visitCode();
                        if (inField) {
                            ThreadCounterCode.countThroughField(mv, slot, size, counter, frames);
                        } else {
                            ThreadCounterCode.count(mv, slot, size, counter);
                        }
                    }
                };
            }
        }, 0);
        return writer.toByteArray();
    }

    @Override
    public String cacheIdentity() {
        return throughField ? "method-count entry counters, in the class's page of the thread's field"
            : "method-count entry counters, count call";
    }

    /** The facts name each counter's method: a class with its methods in another order takes the cached weave. */
    @Override
    public boolean anyMethodOrder() {
        return true;
    }

    @Override
    public Woven reuse(Request r, Woven cached) {
        MethodTable table = MethodTable.fromFacts(cached.facts());
        int size = table == null ? 0 : table.methods().size();
        if (table == null || cached.runNumbers().length != 1 || table.inField() != throughField) {
            return null;
        }
        int slot = slots.of(r);
        woven.incrementAndGet();
        methods.addAndGet(size);
        reused.incrementAndGet();
        return new Woven(null, new MethodTable(slot, table.methods(), throughField).toFacts()).numbered(slot);
    }

    @Override
    public Map<String, Object> stats() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("classesWoven", woven.get());
        m.put("classesFromCache", reused.get());
        m.put("methodsWoven", methods.get());
        return m;
    }
}
