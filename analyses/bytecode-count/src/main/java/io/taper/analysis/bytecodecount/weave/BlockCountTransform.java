package io.taper.analysis.bytecodecount.weave;

import io.taper.analysis.bytecodecount.ClassLayout;
import io.taper.api.ClassTransform;
import io.taper.api.ControlFlowMaxs;
import io.taper.api.FieldCounterRanges;
import io.taper.api.ThreadCounterCode;
import io.taper.api.WovenClassSlots;
import io.taper.api.marker.Constructors;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassTooLargeException;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.MethodTooLargeException;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.MethodNode;

/**
 * Weaves a block counter into every method with code, JDK classes included (Taper's own, {@code java.lang.Thread*},
 * {@code java.lang.ref} and the other never-woven classes excepted: the counter lookup runs them). Each class gets a
 * slot per (loader, name, bytes); its {@link ClassLayout} goes with it as facts. A method that would outgrow the
 * class-file limits stays as it was (counted in the statistics).
 *
 * <p>Options ({@code analysis.options}, comma-separated): {@code precise} ends blocks after instructions that may
 * throw; {@code contexts} counts per calling context ({@link CounterInsertion#weaveContexts}), the same layout per
 * context. In an adaptive run without contexts every method of more than one block is switchable by variant:
 * {@link #ENTRY_ONLY} weaves its invocation counter only (the layout stays the same; the results extrapolate its
 * blocks).
 */
public final class BlockCountTransform implements ClassTransform, ClassTransform.Reusable {

    /** The run's configuration key with the analysis's options. */
    public static final String OPTIONS = "analysis.options";
    public static final String PRECISE = "precise";
    /** Counts per calling context ({@code --contexts}): every method opens its context's counter array. */
    public static final String CONTEXTS = "contexts";

    private BasicBlocks.Cut cut = BasicBlocks.Cut.BLOCKS;
    private boolean adaptive;
    private boolean contexts;
    /** Whether the observed JVM's {@code Thread} has the counters' field ({@link ThreadCounterCode#FIELD_OPTION}). */
    private boolean throughField;
    /** Where each slot's counters lie in the thread's field array. */
    private final FieldCounterRanges ranges = new FieldCounterRanges();
    /** The variant of a method that counts its invocations only ({@code StableCountStrategy} selects it). */
    public static final String ENTRY_ONLY = ClassLayout.ENTRY_ONLY;
    private final WovenClassSlots slots = new WovenClassSlots();
    private final AtomicLong woven = new AtomicLong();
    private final AtomicLong methods = new AtomicLong();
    private final AtomicLong blocks = new AtomicLong();
    private final AtomicLong derivedBlocks = new AtomicLong();
    private final AtomicLong exitCounting = new AtomicLong();
    private final AtomicLong methodsTooLarge = new AtomicLong();
    private final AtomicLong withoutCode = new AtomicLong();
    private final AtomicLong entryOnly = new AtomicLong();
    private final AtomicLong reused = new AtomicLong();

    public BlockCountTransform() {
    }

    /** A transform that cuts blocks so, whatever the options say (the tests' reference count). */
    BlockCountTransform(BasicBlocks.Cut cut) {
        this.cut = cut;
    }

    @Override
    public void init(Context context) {
        adaptive = context.adaptive();
        throughField = "true".equals(context.options().get(ThreadCounterCode.FIELD_OPTION));
        String options = context.options().getOrDefault(OPTIONS, "");
        for (String o : options.split(",")) {
            String t = o.trim();
            if (t.equals(PRECISE)) {
                cut = BasicBlocks.Cut.PRECISE;
            } else if (t.equals(CONTEXTS)) {
                contexts = true;
            } else if (!t.isEmpty()) {
                throw new IllegalArgumentException("bytecode-count: unknown option '" + t + "' (known: " + PRECISE
                    + ", " + CONTEXTS + ")");
            }
        }
    }

    @Override
    public Woven transform(Request r) {
        byte[] original = r.bytes();
        ClassReader reader = new ClassReader(original);
        if ((reader.getAccess() & Opcodes.ACC_MODULE) != 0) {
            return null;
        }
        Set<String> keepOriginal = new HashSet<>();
        List<String> kept = new ArrayList<>();
        // calling contexts count into per-context arrays, whatever the thread holds
        boolean bySlot = !throughField || contexts;
        while (true) {
            ClassNode node = new ClassNode();
            reader.accept(node, ClassReader.EXPAND_FRAMES);
            List<ClassLayout.Method> layout = new ArrayList<>();
            int size = 0;
            List<Weaving> todo = new ArrayList<>();
            List<String[]> switchable = new ArrayList<>();
            for (MethodNode m : node.methods) {
                if (m.instructions.size() == 0 || keepOriginal.contains(m.name + m.desc)) {
                    continue;
                }
                BasicBlocks b = BasicBlocks.of(m, cut);
                if (b.size() == 0) {
                    continue;
                }
                int invocation = -1;
                if (b.entryIsTarget()) {
                    invocation = size++;
                }
                int first = size;
                size += b.size();
                // calling contexts count no exits (and find a constructor's call themselves)
                AbstractInsnNode init = contexts ? null : Constructors.initCall(node, m);
                boolean[] covered = contexts ? null : exitsCountable(node, m, b, init);
                List<ClassLayout.Derivation> derivations = cut == BasicBlocks.Cut.EVERY_INSTRUCTION ? List.of()
                    : DerivedBlocks.of(m, b, covered);
                boolean[] derived = new boolean[b.size()];
                derivations.forEach(d -> derived[d.block()] = true);
                ClassLayout.Method method = new ClassLayout.Method(m.name, m.desc, invocation >= 0 ? invocation : first,
                    first, b.lengths(), b.kinds(), derivations);
                layout.add(method);
                boolean exits = method.countsExits();
                if (exits) {
                    size += b.size();   // the blocks' exits, right after their counters
                    exitCounting.incrementAndGet();
                }
                boolean blocksCounted = method.countsBlocks();
                boolean entryOnly = !contexts && ENTRY_ONLY.equals(r.variant(m.name, m.desc)) && blocksCounted;
                todo.add(new Weaving(m, b, method, derived, invocation, first, entryOnly, exits ? init : null, exits));
                if (adaptive && !contexts && blocksCounted) {
                    switchable.add(new String[] {m.name, m.desc});
                }
            }
            if (todo.isEmpty()) {
                withoutCode.incrementAndGet();
                return null;
            }
            int slot = slots.of(r);
            int base = bySlot ? -1 : ranges.baseOf(slot, size);
            CounterArray array = new CounterArray(node, slot, size, base);
            for (Weaving w : todo) {
                if (contexts) {
                    int from = w.invocation >= 0 ? w.invocation : w.first;
                    CounterInsertion.weaveContexts(node, w.method, w.blocks, w.derived, slot, from,
                        w.first + w.blocks.size() - from, w.invocation, w.first);
                } else if (w.entryOnly) {
                    CounterInsertion.weaveEntryOnly(w.method, array, w.invocation >= 0 ? w.invocation : w.first);
                    entryOnly.incrementAndGet();
                } else if (w.exits) {
                    CounterInsertion.weaveWithExits(node, w.method, w.blocks, w.derived, array, w.invocation,
                        w.first, w.init);
                } else if (w.invocation < 0 && w.layout.derived().size() == w.blocks.size() - 1) {
                    // only the first block counted, and entered only on entry: its counter is an entry counter, one
                    // call and no local
                    CounterInsertion.weaveEntryOnly(w.method, array, w.first);
                } else {
                    CounterInsertion.weave(w.method, w.blocks, w.derived, array, w.invocation, w.first);
                }
            }
            ClassWriter writer = new ClassWriter(ClassWriter.COMPUTE_MAXS);
            try {
                if (base >= 0) {
                    // every counter's number in the pool, used or not: the cache renumbers them all for a later run
                    for (int i = 0; i < size; i++) {
                        writer.newConst(base + i);
                    }
                }
                byte[] out = ControlFlowMaxs.write(writer, node::accept);
                woven.incrementAndGet();
                methods.addAndGet(todo.size());
                for (Weaving w : todo) {
                    blocks.addAndGet(w.blocks.size());
                    derivedBlocks.addAndGet(w.layout.derived().size());
                }
                Woven result = new Woven(out, new ClassLayout(slot, size, layout, base).toFacts(), kept, switchable);
                if (base >= 0) {
                    return result.numbered(FieldCounterRanges.numbers(base, size));
                }
                // past the short range, counter indexes are ldc constants too and could share the slot's
                return size <= Short.MAX_VALUE ? result.numbered(slot) : result;
            } catch (ClassTooLargeException e) {
                if (bySlot) {
                    throw e;
                }
                bySlot = true;   // the counters' numbers filled the constant pool: this class counts by slot
            } catch (MethodTooLargeException e) {
                if (!keepOriginal.add(e.getMethodName() + e.getDescriptor())) {
                    throw e;
                }
                methodsTooLarge.incrementAndGet();
                kept.add(Woven.tooLarge(node.name, e.getMethodName(), e.getDescriptor(), e.getCodeSize()));
            }
        }
    }

    /** A method to weave: its blocks, its layout (derivations included), which blocks are derived (not counted). */
    private record Weaving(MethodNode method, BasicBlocks blocks, ClassLayout.Method layout, boolean[] derived,
                           int invocation, int first, boolean entryOnly, AbstractInsnNode init, boolean exits) {
    }

    /**
     * Per block, whether its exits can be counted: all of them but, in a constructor, those from its start to its
     * {@code super(...)} or {@code this(...)} call, which no handler may cover; null for none (a constructor whose
     * call is not found, or a method with subroutines).
     */
    private static boolean[] exitsCountable(ClassNode owner, MethodNode m, BasicBlocks b, AbstractInsnNode init) {
        boolean constructor = "<init>".equals(m.name) && !"java/lang/Object".equals(owner.name);
        if (b.subroutines() || constructor && init == null) {
            return null;
        }
        boolean[] covered = new boolean[b.size()];
        int from = constructor ? m.instructions.indexOf(init) : -1;
        for (int i = 0; i < covered.length; i++) {
            covered[i] = m.instructions.indexOf(b.leaders().get(i)) > from;
        }
        return covered;
    }

    @Override
    public String cacheIdentity() {
        return "bytecode-count entry count call, single block call, derived blocks, joins first with exits, past arms,"
            + " cut=" + cut + " adaptive=" + adaptive + " contexts=" + contexts
            + (throughField && !contexts ? " through the thread's field" : "");
    }

    /** The facts name each counter's method: a class with its methods in another order takes the cached weave. */
    @Override
    public boolean anyMethodOrder() {
        return true;
    }

    @Override
    public Woven reuse(Request r, Woven cached) {
        ClassLayout layout = ClassLayout.fromFacts(cached.facts());
        if (layout == null || cached.runNumbers().length != (layout.base() >= 0 ? layout.size() : 1)) {
            return null;
        }
        int slot = slots.of(r);
        woven.incrementAndGet();
        methods.addAndGet(layout.methods().size());
        for (ClassLayout.Method m : layout.methods()) {
            blocks.addAndGet(m.blocks());
            derivedBlocks.addAndGet(m.derived().size());
            if (m.countsExits()) {
                exitCounting.incrementAndGet();
            }
            if (!contexts && m.countsBlocks() && ENTRY_ONLY.equals(r.variant(m.name(), m.desc()))) {
                entryOnly.incrementAndGet();
            }
        }
        reused.incrementAndGet();
        if (layout.base() >= 0) {
            int base = ranges.baseOf(slot, layout.size());
            return new Woven(null, new ClassLayout(slot, layout.size(), layout.methods(), base).toFacts())
                .numbered(FieldCounterRanges.numbers(base, layout.size()));
        }
        return new Woven(null, new ClassLayout(slot, layout.size(), layout.methods()).toFacts()).numbered(slot);
    }

    @Override
    public Map<String, Object> stats() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("classesWoven", woven.get());
        m.put("classesFromCache", reused.get());
        m.put("methodsWoven", methods.get());
        m.put("blocksWoven", blocks.get());
        m.put("blocksDerived", derivedBlocks.get());
        m.put("methodsCountingExits", exitCounting.get());
        m.put("methodsTooLarge", methodsTooLarge.get());
        m.put("classesWithoutCode", withoutCode.get());
        m.put("precise", cut == BasicBlocks.Cut.PRECISE);
        m.put(CONTEXTS, contexts);
        m.put("methodsWovenEntryOnly", entryOnly.get());
        return m;
    }
}
