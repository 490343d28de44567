package io.taper.analysis.methodcount.weave;

import io.taper.analysis.methodcount.MethodTable;
import io.taper.api.ClassTransform;
import io.taper.api.ControlFlowMaxs;
import io.taper.api.FieldCounterRanges;
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
import org.objectweb.asm.MethodTooLargeException;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * Weaves an entry counter into every method with code, JDK classes included: in front of its first instruction,
 * {@code ThreadCounters.count(slot, size, i)} (about ten bytes, stack depth three, no local, no frame changes, no
 * atomic), so a small method stays small enough for the JIT to inline. Each class gets a slot per (loader, name,
 * bytes); its {@link MethodTable} goes with it as facts. The slot is an {@code ldc} of a constant of its own, so that a later run
 * takes the class from the woven-class cache and writes its own slot into it ({@link ClassTransform.Reusable}).
 */
public final class EntryCountTransform implements ClassTransform, ClassTransform.Reusable {


    private final WovenClassSlots slots = new WovenClassSlots();
    /** Where each slot's counters lie in the thread's array, when counting through the thread's field. */
    private final FieldCounterRanges ranges = new FieldCounterRanges();
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
            int base = throughField ? ranges.baseOf(slot, withCode.size()) : -1;
            try {
                byte[] out = weave(reader, slot, withCode.size(), keep, base);
                woven.incrementAndGet();
                methods.addAndGet(withCode.size());
                Woven w = new Woven(out, new MethodTable(slot, withCode, base).toFacts(), kept);
                if (base >= 0) {
                    return w.numbered(FieldCounterRanges.numbers(base, withCode.size()));
                }
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

    private static byte[] weave(ClassReader reader, int slot, int size, Set<String> keep, int base) {
        boolean frames = reader.readUnsignedShort(6) >= Opcodes.V1_6;
        int[] next = {0};
        return ControlFlowMaxs.write(reader, writer -> reader.accept(new ClassVisitor(Opcodes.ASM9, writer) {
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
                        if (base >= 0) {
                            ThreadCounterCode.countThroughField(mv, base + counter, frames);
                        } else {
                            ThreadCounterCode.count(mv, slot, size, counter);
                        }
                    }
                };
            }
        }, 0));
    }

    @Override
    public String cacheIdentity() {
        return throughField ? "method-count entry counters, through the thread's field"
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
        if (table == null || cached.runNumbers().length != (throughField ? size : 1)) {
            return null;
        }
        int slot = slots.of(r);
        woven.incrementAndGet();
        methods.addAndGet(size);
        reused.incrementAndGet();
        if (throughField) {
            int base = ranges.baseOf(slot, size);
            return new Woven(null, new MethodTable(slot, table.methods(), base).toFacts())
                .numbered(FieldCounterRanges.numbers(base, size));
        }
        return new Woven(null, new MethodTable(slot, table.methods()).toFacts()).numbered(slot);
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
