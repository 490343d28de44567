package io.taper.weaver.internal;

import io.taper.api.marker.Constructors;
import io.taper.api.marker.Instructions;
import io.taper.api.marker.MarkedRegion;
import java.util.ArrayList;
import java.util.Comparator;
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
 * {@code invokestatic}), so the method's existing frames stay valid; the only changes to frames are the
 * added locals ({@link LocalLayout}) and the frame of each exceptional-exit handler, which is appended
 * after the original code. Planning ({@link #add}) reads the unmodified method; {@link #apply} changes it.
 */
final class MethodWeaver {

    /** One piece of code (a snippet call, or a try-range label) at one anchor. */
    private static final class Placement {
        final Snippet snippet;           // null for labels and the this-copy
        final int siteId;
        final RegionContext ctx;
        final AbstractInsnNode anchor;
        final boolean beforeAnchor;
        final int sortClass;
        final boolean stateAfter;        // types after the anchor (else before its first instruction)
        InsnList code;

        Placement(Snippet snippet, int siteId, RegionContext ctx, AbstractInsnNode anchor, boolean beforeAnchor,
                  int sortClass, boolean stateAfter) {
            this.snippet = snippet;
            this.siteId = siteId;
            this.ctx = ctx;
            this.anchor = anchor;
            this.beforeAnchor = beforeAnchor;
            this.sortClass = sortClass;
            this.stateAfter = stateAfter;
        }

        static Placement of(AbstractInsnNode anchor, boolean before, int sortClass, AbstractInsnNode code) {
            Placement p = new Placement(null, 0, null, anchor, before, sortClass, false);
            p.code = new InsnList();
            p.code.add(code);
            return p;
        }
    }

    /** An exceptional-exit handler: one per distinct covered range (original instruction indices). */
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

    // sort classes at one anchor. Before it: @Before calls, then normal-exit calls placed before a control
    // transfer, then try-range starts. After it: the this-copy, try-range ends, then normal-exit calls.
    private static final int BEFORE_CALL = 0, AFTER_CALL_BEFORE = 1, TRY_START = 2;
    private static final int THIS_COPY = 0, TRY_END = 1, AFTER_CALL = 2;

    /** @Before by ascending order, the after kinds by descending order (lower order encloses); ties: declaration. */
    private static final Comparator<Placement> ORDER = (a, b) -> {
        if (a.sortClass != b.sortClass) {
            return Integer.compare(a.sortClass, b.sortClass);
        }
        if (a.snippet == null || b.snippet == null) {
            return 0;
        }
        int c = Integer.compare(a.snippet.order, b.snippet.order);
        if (c == 0) {
            c = Integer.compare(a.snippet.seq, b.snippet.seq);
        }
        return a.snippet.kind == SnippetKind.BEFORE ? c : -c;
    };

    private final ClassNode owner;
    private final MethodNode method;
    private final boolean frames;
    private final boolean audit;
    private final boolean constructor;      // <init> of a class other than java/lang/Object
    private final boolean isStatic;
    private final Type[] argTypes;
    private final LocalLayout locals;
    private final CallCode calls;
    private final List<Placement> placements = new ArrayList<>();
    private final Map<Long, Handler> handlers = new LinkedHashMap<>();
    private MethodInsnNode initCall;
    private boolean initCallSearched;

    MethodWeaver(ClassNode owner, MethodNode method) {
        this(owner, method, false, false);
    }

    /** @param audit bracket every snippet call with {@code Audit.before/after(site)} (see {@code io.taper.runtime.Audit}) */
    MethodWeaver(ClassNode owner, MethodNode method, boolean audit, boolean switchSites) {
        this.audit = audit;
        this.owner = owner;
        this.method = method;
        this.frames = (owner.version & 0xFFFF) >= Opcodes.V1_6;
        this.constructor = "<init>".equals(method.name) && !"java/lang/Object".equals(owner.name);
        this.isStatic = (method.access & Opcodes.ACC_STATIC) != 0;
        this.argTypes = Type.getArgumentTypes(method.desc);
        this.locals = new LocalLayout(owner.name, method.maxLocals, constructor, isStatic, argTypes);
        this.calls = new CallCode(locals, constructor, isStatic, argTypes, switchSites);
    }

    boolean isEmpty() {
        return placements.isEmpty() && handlers.isEmpty();
    }

    /** Plans one snippet (the chosen variant) at one region. Call before {@link #apply}. */
    void add(Snippet s, int siteId, MarkedRegion region, RegionContext ctx) {
        if (s.kind == SnippetKind.BEFORE) {
            AbstractInsnNode anchor = beforeAnchor(region.start());
            if (anchor != null) {
                placements.add(new Placement(s, siteId, ctx, anchor, true, BEFORE_CALL, false));
                useSynthetics(s);
            }
        }
        if (s.kind.normalExit()) {
            for (AbstractInsnNode end : region.ends()) {
                int op = end.getOpcode();
                if (op == Opcodes.ATHROW) {
                    continue;  // an exceptional exit: the handler sees it
                }
                boolean before = Instructions.transfersControl(op);
                placements.add(new Placement(s, siteId, ctx, end, before, before ? AFTER_CALL_BEFORE : AFTER_CALL, !before));
            }
            useSynthetics(s);
        }
        if (s.kind.exceptionalExit() && region.exceptionEnd() != null) {
            addExceptional(s, siteId, region, ctx);
        }
    }

    private void addExceptional(Snippet s, int siteId, MarkedRegion region, RegionContext ctx) {
        InsnList list = method.instructions;
        int startIdx = list.indexOf(region.start());
        if (constructor) {
            // a handler cannot cover code where `this` is uninitialised: start after super()/this()
            MethodInsnNode call = initCall();
            if (call == null) {
                return;
            }
            startIdx = Math.max(startIdx, list.indexOf(call) + 1);
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
        h.calls.add(new Placement(s, siteId, ctx, null, false, 0, false));
        useSynthetics(s);
        for (SnippetParam p : s.params) {
            if (p.kind() == SnippetParam.Kind.THIS && !isStatic) {
                locals.thisCopy();
            } else if (p.kind() == SnippetParam.Kind.ARG && p.index() < argTypes.length) {
                locals.argCopy(p.index());
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
        return prev != null && Code.unconditional(prev.getOpcode()) ? Instructions.firstInstruction(start) : start;
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
            locals.synthetic(s.storeLocal, s.returnType);
        }
        for (SnippetParam p : s.params) {
            if (p.kind() == SnippetParam.Kind.SYNTHETIC) {
                locals.synthetic(p.local(), p.type());
            }
        }
    }

    /** Generates and inserts all planned code. The method is modified only here. */
    void apply() {
        InsnList list = method.instructions;
        TypeStates states = typeStates();
        Map<AbstractInsnNode, List<Placement>> before = new IdentityHashMap<>();
        Map<AbstractInsnNode, List<Placement>> after = new IdentityHashMap<>();
        for (Placement p : placements) {
            TypeStates.State st = null;
            if (calls.needsTypes(p.snippet)) {
                st = p.stateAfter ? states.after(p.anchor) : states.before(Instructions.firstInstruction(p.anchor));
            }
            p.code = audited(calls.normal(p.snippet, p.siteId, p.ctx, p.anchor, p.beforeAnchor, st), p.siteId);
            (p.beforeAnchor ? before : after).computeIfAbsent(p.anchor, k -> new ArrayList<>(2)).add(p);
        }
        // inner ranges first: the JVM takes the first matching entry, so an inner region's handler runs,
        // then rethrows from its own code, which the enclosing regions' entries also cover
        List<Handler> sorted = new ArrayList<>(handlers.values());
        sorted.sort(Comparator.<Handler>comparingInt(h -> h.endIdx - h.startIdx).thenComparingInt(h -> h.startIdx));
        AbstractInsnNode[] nodes = sorted.isEmpty() ? null : list.toArray();
        for (Handler h : sorted) {
            AbstractInsnNode start = nodes[h.startIdx];
            before.computeIfAbsent(start, k -> new ArrayList<>(2)).add(Placement.of(start, true, TRY_START, h.tryStart));
            AbstractInsnNode end = nodes[h.endIdx];
            after.computeIfAbsent(end, k -> new ArrayList<>(2)).add(Placement.of(end, false, TRY_END, h.tryEnd));
        }
        if (locals.hasThisCopy() && constructor && initCall() != null) {
            Placement copy = Placement.of(initCall, false, THIS_COPY, Code.load(TypeStates.REF, 0));
            copy.code.add(Code.store(TypeStates.REF, locals.thisCopy()));
            after.computeIfAbsent(initCall, k -> new ArrayList<>(2)).add(copy);
        }
        UninitializedLabels uninit = frames ? new UninitializedLabels(list) : null;
        insertAll(list, before, true);
        insertAll(list, after, false);
        if (uninit != null) {
            uninit.fix(list);
        }
        if (!locals.isEmpty()) {
            list.insert(locals.entryCode());
            if (frames) {
                locals.extendFrames(list);
            }
        }
        for (Handler h : sorted) {
            appendHandler(list, h);
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

    /** The call, bracketed by the audit's calls in an audit run: straight-line code, one int on the stack. */
    private InsnList audited(InsnList call, int siteId) {
        if (!audit) {
            return call;
        }
        InsnList code = new InsnList();
        Code.pushSiteId(code, siteId);
        code.add(new MethodInsnNode(Opcodes.INVOKESTATIC, AUDIT, "before", "(I)V", false));
        code.add(call);
        Code.pushSiteId(code, siteId);
        code.add(new MethodInsnNode(Opcodes.INVOKESTATIC, AUDIT, "after", "(I)V", false));
        return code;
    }

    private static final String AUDIT = "io/taper/runtime/Audit";

    /** Runs the type analysis once, only if some placement needs types, only up to the last point needed. */
    private TypeStates typeStates() {
        TypeStates states = new TypeStates();
        for (Placement p : placements) {
            if (calls.needsTypes(p.snippet)) {
                if (p.stateAfter) {
                    states.requestAfter(p.anchor);
                } else {
                    states.requestBefore(Instructions.firstInstruction(p.anchor));
                }
            }
        }
        states.compute(owner, method);
        return states;
    }

    private static void insertAll(InsnList list, Map<AbstractInsnNode, List<Placement>> byAnchor, boolean before) {
        for (Map.Entry<AbstractInsnNode, List<Placement>> e : byAnchor.entrySet()) {
            List<Placement> ps = e.getValue();
            if (ps.size() > 1) {
                ps.sort(ORDER);
            }
            InsnList code = new InsnList();
            for (Placement p : ps) {
                code.add(p.code);
            }
            if (before) {
                list.insertBefore(e.getKey(), code);
            } else {
                list.insert(e.getKey(), code);
            }
        }
    }

    /** Handler code after the method's code: store the exception, call the snippets, rethrow. */
    private void appendHandler(InsnList list, Handler h) {
        list.add(h.handler);
        if (frames) {
            Object[] frameLocals = locals.handlerFrameLocals();
            list.add(new FrameNode(Opcodes.F_NEW, frameLocals.length, frameLocals, 1, new Object[] {"java/lang/Throwable"}));
        }
        int thrown = locals.spillBase();
        list.add(Code.store(TypeStates.REF, thrown));
        h.calls.sort(ORDER);
        for (Placement p : h.calls) {
            list.add(audited(calls.exceptional(p.snippet, p.siteId, p.ctx, thrown), p.siteId));
        }
        list.add(Code.load(TypeStates.REF, thrown));
        list.add(new InsnNode(Opcodes.ATHROW));
        list.add(h.handlerEnd);
    }
}
