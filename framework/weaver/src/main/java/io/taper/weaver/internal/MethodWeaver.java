package io.taper.weaver.internal;

import io.taper.api.marker.Constructors;
import io.taper.api.marker.Instructions;
import io.taper.api.marker.MarkedRegion;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.FrameNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.InsnNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.TryCatchBlockNode;

/**
 * Weaves the planned snippet calls into one method. Woven code is straight-line (push arguments,
 * {@code invokestatic}), so the method's existing frames stay valid; the only additions to frames are
 * the shared synthetic locals (declared in every frame, initialised at entry) and the frame of each
 * exceptional-exit handler, which is appended after the original code.
 *
 * <p>Local layout: {@code [original locals][synthetic locals, this/argument copies][spill slots]}. Spill
 * slots hold operand-stack values only between a store and its reloads in straight-line code, so frames
 * never declare them (TOP).
 */
final class MethodWeaver {

    /** One snippet call at one anchor. */
    private static final class Placement {
        final Snippet snippet;
        final int siteId;
        final RegionContext ctx;
        final AbstractInsnNode anchor;
        final boolean beforeAnchor;
        final int sortClass;
        final AbstractInsnNode stateAt;  // instruction whose types the call needs (null: none)
        final boolean stateAfter;
        final LabelNode label;           // for label-only placements (try range ends)
        InsnList code;

        Placement(Snippet snippet, int siteId, RegionContext ctx, AbstractInsnNode anchor, boolean beforeAnchor,
                  int sortClass, AbstractInsnNode stateAt, boolean stateAfter, LabelNode label) {
            this.snippet = snippet;
            this.siteId = siteId;
            this.ctx = ctx;
            this.anchor = anchor;
            this.beforeAnchor = beforeAnchor;
            this.sortClass = sortClass;
            this.stateAt = stateAt;
            this.stateAfter = stateAfter;
            this.label = label;
        }
    }

    /** An exceptional-exit handler: one per distinct covered range. */
    private static final class Handler {
        final int startIdx;
        final int endIdx;
        final LabelNode tryStart = new LabelNode();
        final LabelNode tryEnd = new LabelNode();
        final LabelNode handler = new LabelNode();
        final LabelNode handlerEnd = new LabelNode();
        final List<Placement> calls = new ArrayList<>(2);

        Handler(int startIdx, int endIdx) {
            this.startIdx = startIdx;
            this.endIdx = endIdx;
        }
    }

    // sort classes at one anchor: before the anchor: @Before calls, then normal-exit calls placed before a
    // control transfer, then try-range starts; after the anchor: the this-copy, try-range ends, normal-exit calls
    private static final int BEFORE_CALL = 0, AFTER_CALL_BEFORE = 1, TRY_START = 2;
    private static final int THIS_COPY = 0, TRY_END = 1, AFTER_CALL = 2;

    private static final Comparator<Placement> ORDER = (a, b) -> {
        if (a.sortClass != b.sortClass) {
            return Integer.compare(a.sortClass, b.sortClass);
        }
        if (a.snippet == null || b.snippet == null) {
            return 0;
        }
        // @Before: lower order first; after kinds: higher order first (lower order encloses)
        boolean ascending = a.snippet.kind == SnippetKind.BEFORE;
        int c = Integer.compare(a.snippet.order, b.snippet.order);
        if (c == 0) {
            c = Integer.compare(a.snippet.seq, b.snippet.seq);
        }
        return ascending ? c : -c;
    };

    private final ClassNode owner;
    private final MethodNode method;
    private final boolean frames;
    private final boolean constructor;      // <init> of a class other than java/lang/Object
    private final boolean isStatic;
    private final Type[] argTypes;
    private final int base;                 // original max locals
    private final List<Placement> placements = new ArrayList<>();
    private final Map<Long, Handler> handlers = new LinkedHashMap<>();
    private final Map<String, Integer> syntheticSlots = new LinkedHashMap<>();
    private final Map<String, Type> syntheticTypes = new HashMap<>();
    private final List<Object> syntheticFrameTypes = new ArrayList<>();
    private int nextSlot;
    private int thisCopySlot = -1;
    private int[] argCopySlots;
    private MethodInsnNode initCall;
    private boolean initCallSearched;

    MethodWeaver(ClassNode owner, MethodNode method) {
        this.owner = owner;
        this.method = method;
        this.frames = (owner.version & 0xFFFF) >= Opcodes.V1_6;
        this.constructor = "<init>".equals(method.name) && !"java/lang/Object".equals(owner.name);
        this.isStatic = (method.access & Opcodes.ACC_STATIC) != 0;
        this.argTypes = Type.getArgumentTypes(method.desc);
        this.base = method.maxLocals;
        this.nextSlot = base;
    }

    boolean isEmpty() {
        return placements.isEmpty() && handlers.isEmpty();
    }

    /** Plans one snippet (the chosen variant) at one region. Call before {@link #apply}. */
    void add(Snippet s, int siteId, MarkedRegion region, RegionContext ctx) {
        InsnList list = method.instructions;
        if (s.kind == SnippetKind.BEFORE) {
            AbstractInsnNode anchor = beforeAnchor(region.start());
            if (anchor == null) {
                return;
            }
            AbstractInsnNode at = Instructions.firstInstruction(anchor);
            placements.add(new Placement(s, siteId, ctx, anchor, true, BEFORE_CALL, at, false, null));
            useSynthetics(s);
        }
        if (s.kind.normalExit()) {
            for (AbstractInsnNode end : region.ends()) {
                int op = end.getOpcode();
                if (op == Opcodes.ATHROW) {
                    continue;  // an exceptional exit: the handler sees it
                }
                if (Instructions.transfersControl(op)) {
                    placements.add(new Placement(s, siteId, ctx, end, true, AFTER_CALL_BEFORE, end, false, null));
                } else {
                    placements.add(new Placement(s, siteId, ctx, end, false, AFTER_CALL, end, true, null));
                }
            }
            useSynthetics(s);
        }
        if (s.kind.exceptionalExit() && region.exceptionEnd() != null) {
            AbstractInsnNode start = region.start();
            int startIdx = list.indexOf(start);
            if (constructor) {
                // a handler cannot cover code where `this` is uninitialised: start after super()/this()
                MethodInsnNode call = initCall();
                if (call == null) {
                    return;
                }
                int callIdx = list.indexOf(call);
                if (startIdx <= callIdx) {
                    startIdx = callIdx + 1;
                }
            }
            int endIdx = list.indexOf(region.exceptionEnd());
            if (startIdx > endIdx) {
                return;
            }
            long key = ((long) startIdx << 32) | endIdx;
            Handler h = handlers.get(key);
            if (h == null) {
                h = new Handler(startIdx, endIdx);
                handlers.put(key, h);
            }
            h.calls.add(new Placement(s, siteId, ctx, null, false, 0, null, false, null));
            useSynthetics(s);
            if (s.uses(SnippetParam.Kind.THIS) && !isStatic) {
                thisCopy();
            }
            for (SnippetParam p : s.params) {
                if (p.kind() == SnippetParam.Kind.ARG && p.index() < argTypes.length) {
                    argCopy(p.index());
                }
            }
        }
    }

    /**
     * Where {@code @Before} code goes for a region starting at {@code start}: before it, unless it is a
     * label or line number after an unconditional jump (code there would be unreachable and frameless),
     * in which case before the next instruction.
     */
    private static AbstractInsnNode beforeAnchor(AbstractInsnNode start) {
        if (start.getOpcode() >= 0) {
            return start;
        }
        AbstractInsnNode prev = start.getPrevious();
        while (prev != null && prev.getOpcode() < 0) {
            prev = prev.getPrevious();
        }
        if (prev != null && Code.unconditional(prev.getOpcode())) {
            return Instructions.firstInstruction(start);
        }
        return start;
    }

    private MethodInsnNode initCall() {
        if (!initCallSearched) {
            initCallSearched = true;
            initCall = Constructors.initCall(owner, method);
        }
        return initCall;
    }

    private void useSynthetics(Snippet s) {
        if (!s.storeLocal.isEmpty()) {
            synthetic(s.storeLocal, s.returnType);
        }
        for (SnippetParam p : s.params) {
            if (p.kind() == SnippetParam.Kind.SYNTHETIC) {
                synthetic(p.local(), p.type());
            }
        }
    }

    private int synthetic(String name, Type type) {
        Integer slot = syntheticSlots.get(name);
        if (slot == null) {
            slot = allocate(Code.frameType(type), type.getSize());
            syntheticSlots.put(name, slot);
            syntheticTypes.put(name, type);
        }
        return slot;
    }

    private void thisCopy() {
        if (thisCopySlot < 0) {
            thisCopySlot = allocate(owner.name, 1);
        }
    }

    private void argCopy(int index) {
        if (argCopySlots == null) {
            argCopySlots = new int[argTypes.length];
            java.util.Arrays.fill(argCopySlots, -1);
        }
        if (argCopySlots[index] < 0) {
            argCopySlots[index] = allocate(Code.frameType(argTypes[index]), argTypes[index].getSize());
        }
    }

    private int allocate(Object frameType, int size) {
        int slot = nextSlot;
        nextSlot += size;
        syntheticFrameTypes.add(frameType);
        return slot;
    }

    /** Generates and inserts all planned code. The method is modified only here. */
    void apply() {
        InsnList list = method.instructions;
        boolean typesNeeded = false;
        TypeStates states = new TypeStates();
        for (Placement p : placements) {
            if (needsTypes(p.snippet)) {
                typesNeeded = true;
                if (p.stateAt != null) {
                    if (p.stateAfter) {
                        states.requestAfter(p.stateAt);
                    } else {
                        states.requestBefore(p.stateAt);
                    }
                }
            }
        }
        if (typesNeeded) {
            states.compute(owner, method);
        }
        int spillBase = nextSlot;
        Map<AbstractInsnNode, List<Placement>> before = new IdentityHashMap<>();
        Map<AbstractInsnNode, List<Placement>> after = new IdentityHashMap<>();
        for (Placement p : placements) {
            TypeStates.State st = p.stateAt == null || !needsTypes(p.snippet) ? null
                : p.stateAfter ? states.after(p.stateAt) : states.before(p.stateAt);
            p.code = normalCall(p, st, spillBase);
            (p.beforeAnchor ? before : after).computeIfAbsent(p.anchor, k -> new ArrayList<>(2)).add(p);
        }
        List<Handler> sorted = new ArrayList<>(handlers.values());
        // inner ranges first: the JVM takes the first matching entry, so an inner region's handler runs,
        // rethrows from its own code, which the enclosing regions' entries cover
        sorted.sort(Comparator.<Handler>comparingInt(h -> h.endIdx - h.startIdx).thenComparingInt(h -> h.startIdx));
        AbstractInsnNode[] nodes = sorted.isEmpty() ? null : list.toArray();
        for (Handler h : sorted) {
            AbstractInsnNode start = nodes[h.startIdx];
            before.computeIfAbsent(start, k -> new ArrayList<>(2))
                .add(new Placement(null, 0, null, start, true, TRY_START, null, false, h.tryStart));
            AbstractInsnNode end = nodes[h.endIdx];
            after.computeIfAbsent(end, k -> new ArrayList<>(2))
                .add(new Placement(null, 0, null, end, false, TRY_END, null, false, h.tryEnd));
        }
        if (thisCopySlot >= 0 && constructor && initCall() != null) {
            InsnList copy = new InsnList();
            copy.add(Code.load(TypeStates.REF, 0));
            copy.add(Code.store(TypeStates.REF, thisCopySlot));
            Placement p = new Placement(null, 0, null, initCall, false, THIS_COPY, null, false, null);
            p.code = copy;
            after.computeIfAbsent(initCall, k -> new ArrayList<>(2)).add(p);
        }
        UninitializedLabels uninit = frames ? new UninitializedLabels(list) : null;
        insertAll(list, before, true);
        insertAll(list, after, false);
        if (uninit != null) {
            uninit.fix(list);
        }
        if (nextSlot > base) {
            list.insert(entryCode());
            if (frames) {
                extendFrames(list);
            }
        }
        for (Handler h : sorted) {
            appendHandler(list, h, spillBase);
        }
        for (Handler h : sorted) {
            method.tryCatchBlocks.add(new TryCatchBlockNode(h.tryStart, h.tryEnd, h.handler, null));
            for (Handler inner : sorted) {
                if (inner == h) {
                    break;
                }
                if (h.startIdx <= inner.startIdx && inner.endIdx <= h.endIdx) {
                    method.tryCatchBlocks.add(new TryCatchBlockNode(inner.handler, inner.handlerEnd, h.handler, null));
                }
            }
        }
    }

    private boolean needsTypes(Snippet s) {
        for (SnippetParam p : s.params) {
            SnippetParam.Kind k = p.kind();
            if (k == SnippetParam.Kind.STACK || k == SnippetParam.Kind.LOCAL
                || (k == SnippetParam.Kind.THIS && constructor)) {
                return true;
            }
        }
        return false;
    }

    private static void insertAll(InsnList list, Map<AbstractInsnNode, List<Placement>> byAnchor, boolean before) {
        for (Map.Entry<AbstractInsnNode, List<Placement>> e : byAnchor.entrySet()) {
            List<Placement> ps = e.getValue();
            if (ps.size() > 1) {
                ps.sort(ORDER);
            }
            InsnList code = new InsnList();
            for (Placement p : ps) {
                if (p.label != null) {
                    code.add(p.label);
                } else {
                    code.add(p.code);
                }
            }
            if (before) {
                list.insertBefore(e.getKey(), code);
            } else {
                list.insert(e.getKey(), code);
            }
        }
    }

    /** Initialises synthetic locals and copies {@code this}/arguments for the exceptional path. */
    private InsnList entryCode() {
        InsnList code = new InsnList();
        for (Map.Entry<String, Integer> e : syntheticSlots.entrySet()) {
            Type t = syntheticTypes.get(e.getKey());
            Code.pushDefault(code, t);
            code.add(Code.store(Code.kind(t), e.getValue()));
        }
        if (thisCopySlot >= 0) {
            // in a constructor `this` is copied right after super()/this(); until then the copy is null
            code.add(constructor ? new InsnNode(Opcodes.ACONST_NULL) : Code.load(TypeStates.REF, 0));
            code.add(Code.store(TypeStates.REF, thisCopySlot));
        }
        if (argCopySlots != null) {
            int slot = isStatic ? 0 : 1;
            for (int i = 0; i < argTypes.length; i++) {
                if (argCopySlots[i] >= 0) {
                    char k = Code.kind(argTypes[i]);
                    code.add(Code.load(k, slot));
                    code.add(Code.store(k, argCopySlots[i]));
                }
                slot += argTypes[i].getSize();
            }
        }
        return code;
    }

    /** Declares the synthetic slots (with their types) in every frame of the method. */
    private void extendFrames(InsnList list) {
        for (AbstractInsnNode n = list.getFirst(); n != null; n = n.getNext()) {
            if (n instanceof FrameNode f && f.type == Opcodes.F_NEW) {
                List<Object> locals = f.local == null ? new ArrayList<>() : f.local;
                padTo(locals, base);
                locals.addAll(syntheticFrameTypes);
                f.local = locals;
            }
        }
    }

    private static void padTo(List<Object> locals, int slots) {
        int used = 0;
        for (Object o : locals) {
            used += o == Opcodes.LONG || o == Opcodes.DOUBLE ? 2 : 1;
        }
        for (; used < slots; used++) {
            locals.add(Opcodes.TOP);
        }
    }

    private void appendHandler(InsnList list, Handler h, int spillBase) {
        list.add(h.handler);
        if (frames) {
            List<Object> locals = new ArrayList<>(base + syntheticFrameTypes.size());
            padTo(locals, base);
            locals.addAll(syntheticFrameTypes);
            list.add(new FrameNode(Opcodes.F_NEW, locals.size(), locals.toArray(), 1,
                new Object[] {"java/lang/Throwable"}));
        }
        int thrown = spillBase;
        list.add(Code.store(TypeStates.REF, thrown));
        h.calls.sort(ORDER);
        for (Placement p : h.calls) {
            list.add(exceptionalCall(p, thrown));
        }
        list.add(Code.load(TypeStates.REF, thrown));
        list.add(new InsnNode(Opcodes.ATHROW));
        list.add(h.handlerEnd);
    }

    // ---- code for one call -------------------------------------------------------------------------

    private InsnList normalCall(Placement p, TypeStates.State st, int spillBase) {
        Snippet s = p.snippet;
        InsnList code = new InsnList();
        boolean thisInit = !constructor;
        // the stack values the call needs: spill the top ones to fresh locals, put them back, read copies
        char[] stack = null;
        if (st != null) {
            stack = TypeStates.stackKinds(st, thisInit);
        } else if (p.beforeAnchor && Instructions.isReturn(p.anchor.getOpcode())
                   && Code.returnKind(p.anchor.getOpcode()) != TypeStates.UNKNOWN) {
            stack = new char[] {Code.returnKind(p.anchor.getOpcode())};
        }
        int depth = -1;
        for (SnippetParam prm : s.params) {
            if (stack == null) {
                break;
            }
            if (prm.kind() == SnippetParam.Kind.STACK && prm.index() < stack.length && usable(prm, stack[prm.index()])) {
                depth = Math.max(depth, prm.index());
            } else if (prm.kind() == SnippetParam.Kind.RETURN && isValueReturn(p) && usable(prm, stack[0])) {
                depth = Math.max(depth, 0);
            }
        }
        int[] spill = null;
        if (depth >= 0) {
            spill = new int[depth + 1];
            int slot = spillBase;
            for (int d = 0; d <= depth; d++) {
                if (stack[d] == TypeStates.UNKNOWN) {
                    spill = null;  // cannot store a value of unknown kind: pass defaults instead
                    break;
                }
                spill[d] = slot;
                slot += Code.size(stack[d]);
            }
            if (spill != null) {
                for (int d = 0; d <= depth; d++) {
                    code.add(Code.store(stack[d], spill[d]));
                }
                for (int d = depth; d >= 0; d--) {
                    code.add(Code.load(stack[d], spill[d]));
                }
            }
        }
        for (SnippetParam prm : s.params) {
            switch (prm.kind()) {
                case SITE_ID -> Code.pushInt(code, p.siteId);
                case STATIC -> Code.pushConstant(code, p.ctx.value(prm.key()));
                case THIS -> {
                    boolean uninit = constructor
                        && (st == null || TypeStates.localKind(st, 0, false) != TypeStates.REF);
                    if (isStatic || uninit) {
                        code.add(new InsnNode(Opcodes.ACONST_NULL));
                    } else {
                        code.add(Code.load(TypeStates.REF, 0));
                    }
                }
                case ARG -> loadArg(code, prm, false);
                case STACK -> {
                    if (spill != null && prm.index() < spill.length && usable(prm, stack[prm.index()])) {
                        loadValue(code, prm, stack[prm.index()], spill[prm.index()]);
                    } else {
                        Code.pushDefault(code, prm.type());
                    }
                }
                case RETURN -> {
                    if (spill != null && isValueReturn(p) && usable(prm, stack[0])) {
                        loadValue(code, prm, stack[0], spill[0]);
                    } else {
                        Code.pushDefault(code, prm.type());
                    }
                }
                case LOCAL -> {
                    char k = st == null ? TypeStates.UNKNOWN : TypeStates.localKind(st, prm.index(), thisInit);
                    if (usable(prm, k)) {
                        loadValue(code, prm, k, prm.index());
                    } else {
                        Code.pushDefault(code, prm.type());
                    }
                }
                case THROWN -> code.add(new InsnNode(Opcodes.ACONST_NULL));
                case SYNTHETIC -> code.add(Code.load(Code.kind(prm.type()), syntheticSlots.get(prm.local())));
                default -> throw new IllegalStateException(prm.kind().toString());
            }
        }
        invoke(code, s);
        return code;
    }

    private InsnList exceptionalCall(Placement p, int thrown) {
        Snippet s = p.snippet;
        InsnList code = new InsnList();
        for (SnippetParam prm : s.params) {
            switch (prm.kind()) {
                case SITE_ID -> Code.pushInt(code, p.siteId);
                case STATIC -> Code.pushConstant(code, p.ctx.value(prm.key()));
                case THIS -> {
                    if (isStatic) {
                        code.add(new InsnNode(Opcodes.ACONST_NULL));
                    } else {
                        code.add(Code.load(TypeStates.REF, thisCopySlot));
                    }
                }
                case ARG -> loadArg(code, prm, true);
                case THROWN -> code.add(Code.load(TypeStates.REF, thrown));
                case SYNTHETIC -> code.add(Code.load(Code.kind(prm.type()), syntheticSlots.get(prm.local())));
                default -> Code.pushDefault(code, prm.type());  // no stack, locals or return value here
            }
        }
        invoke(code, s);
        return code;
    }

    private void invoke(InsnList code, Snippet s) {
        code.add(new MethodInsnNode(Opcodes.INVOKESTATIC, s.owner, s.name, s.desc, s.ownerIsInterface));
        if (!s.storeLocal.isEmpty()) {
            code.add(Code.store(Code.kind(s.returnType), syntheticSlots.get(s.storeLocal)));
        }
    }

    private void loadArg(InsnList code, SnippetParam prm, boolean exceptional) {
        int i = prm.index();
        if (i >= argTypes.length || !usable(prm, Code.kind(argTypes[i]))) {
            Code.pushDefault(code, prm.type());
            return;
        }
        char k = Code.kind(argTypes[i]);
        if (exceptional) {
            code.add(Code.load(k, argCopySlots[i]));
            return;
        }
        int slot = isStatic ? 0 : 1;
        for (int a = 0; a < i; a++) {
            slot += argTypes[a].getSize();
        }
        code.add(Code.load(k, slot));
    }

    /** Loads a value of kind {@code k} from a slot into a parameter (null for an uninitialised object). */
    private static void loadValue(InsnList code, SnippetParam prm, char k, int slot) {
        if (k == TypeStates.UNINIT) {
            code.add(new InsnNode(Opcodes.ACONST_NULL));
        } else {
            code.add(Code.load(k, slot));
        }
    }

    /** Whether a value of this kind can be passed to the parameter (uninitialised objects pass as null). */
    private static boolean usable(SnippetParam prm, char valueKind) {
        char want = Code.kind(prm.type());
        return valueKind == want || (want == TypeStates.REF && valueKind == TypeStates.UNINIT);
    }

    private static boolean isValueReturn(Placement p) {
        int op = p.anchor.getOpcode();
        return p.beforeAnchor && op >= Opcodes.IRETURN && op <= Opcodes.ARETURN;
    }
}
