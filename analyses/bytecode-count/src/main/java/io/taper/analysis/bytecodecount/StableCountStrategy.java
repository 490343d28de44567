package io.taper.analysis.bytecodecount;

import io.taper.runtime.SiteInfo;
import io.taper.runtime.control.ControlContext;
import io.taper.runtime.control.ControllerStrategy;
import io.taper.runtime.state.ThreadCounters;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Adaptive bytecode counting ({@code --controller bytecode-count[:k=N,recheck-ms=T,period-ms=P]}): a method whose
 * blocks ran exactly the same number of times per invocation over a window of at least {@code k} invocations (default
 * 1,000) is re-woven with an entry-only counter (the {@code entry} variant), and its blocks are extrapolated as
 * invocations times that per-invocation count ({@link Extrapolation}). Every {@code recheck-ms} (default 5,000) such
 * methods go back to full counting for a window: a method whose per-invocation count is unchanged goes back to entry
 * only, one whose count changed stays fully counted (its extrapolation up to then is kept).
 *
 * <p>The extrapolation is anchored where the decision was taken (the counts then, plus the per-invocation count for
 * every invocation since), so the time the retransformation takes in either direction loses nothing for a method
 * that stays stable; a method whose count changes while entry-only is off by what changed until its re-check.
 */
public final class StableCountStrategy implements ControllerStrategy {

    public static final String NAME = "bytecode-count";
    static final String ENTRY_ONLY = ClassLayout.ENTRY_ONLY;

    private long minInvocations = 1_000;
    private long recheckMillis = 5_000;
    private long periodMillis = 250;

    /** What the strategy knows of one switchable method. */
    private static final class MethodState {
        final int site;
        final ClassLayout layout;
        final ClassLayout.Method method;
        /** Counts at the start of the current window (invocations first, then the blocks). */
        long[] window;
        /** The per-invocation block counts of the last stable window, or null. */
        long[] ratios;
        /** Entry-only since the decision: its anchor (counts then) and the step it was taken. */
        long[] anchor;
        boolean entryOnly;
        boolean rechecking;
        long entryOnlySinceMillis;
        /** Extrapolated executions per block kept from earlier entry-only phases. */
        long[] kept;
        boolean keptAny;

        MethodState(int site, ClassLayout layout, ClassLayout.Method method) {
            this.site = site;
            this.layout = layout;
            this.method = method;
            this.kept = new long[method.blocks()];
        }
    }

    private final Map<Integer, MethodState> methods = new LinkedHashMap<>();
    private final Map<String, ClassLayout> layouts = new HashMap<>();
    private int sitesSeen;
    private long swapsToEntry;
    private long rechecks;
    private long returnsToFull;

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public void configure(String argument) {
        if (argument.isEmpty()) {
            return;
        }
        for (String kv : argument.split(",")) {
            String[] p = kv.split("=", 2);
            if (p.length != 2) {
                throw new IllegalArgumentException("bytecode-count: expected key=value, got '" + kv + "'");
            }
            long v;
            try {
                v = Long.parseLong(p[1].trim());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("bytecode-count: " + p[0] + " is not a number: '" + p[1] + "'");
            }
            switch (p[0].trim()) {
                case "k" -> minInvocations = Math.max(1, v);
                case "recheck-ms" -> recheckMillis = Math.max(1, v);
                case "period-ms" -> periodMillis = Math.max(1, v);
                default -> throw new IllegalArgumentException("bytecode-count: unknown option '" + p[0]
                    + "' (known: k, recheck-ms, period-ms)");
            }
        }
    }

    @Override
    public long periodMillis() {
        return periodMillis;
    }

    @Override
    public void step(ControlContext ctx) {
        discover(ctx);
        Map<Integer, long[]> sums = new HashMap<>();
        for (MethodState m : methods.values()) {
            long[] counts = sums.get(m.layout.slot());
            if (counts == null) {
                counts = ThreadCounters.sum(m.layout.slot(), m.layout.size());
                sums.put(m.layout.slot(), counts);
            }
            decide(ctx, m, snapshot(m, counts), counts);
            if (m.anchor != null || m.keptAny) {
                Extrapolation.publish(m.layout.slot(), model(m));
            }
        }
    }

    private static Extrapolation.Model model(MethodState m) {
        return new Extrapolation.Model(m.method.invocationCounter(), m.method.firstBlockCounter(), m.kept.clone(),
            m.entryOnly ? m.anchor : null, m.ratios == null ? null : m.ratios.clone());
    }

    /** Invocations, then each block's count. */
    private static long[] snapshot(MethodState m, long[] counts) {
        long[] s = new long[1 + m.method.blocks()];
        s[0] = counts[m.method.invocationCounter()];
        for (int b = 0; b < m.method.blocks(); b++) {
            s[1 + b] = counts[m.method.firstBlockCounter() + b];
        }
        return s;
    }

    private void decide(ControlContext ctx, MethodState m, long[] now, long[] counts) {
        if (m.window == null) {
            m.window = now;
            return;
        }
        long calls = now[0] - m.window[0];
        if (m.entryOnly && !m.rechecking) {
            if (ctx.elapsedMillis() - m.entryOnlySinceMillis >= recheckMillis) {
                ctx.setVariant(m.site, "");          // full counting for a window
                m.rechecking = true;
                m.window = null;                     // the window starts once the class is re-woven: next step
                rechecks++;
            }
            return;
        }
        long[] ratios = calls > 0 ? ratios(now, m.window, calls) : null;
        if (m.rechecking) {
            if (calls == 0) {
                return;
            }
            if (stillEntryOnly(m, now)) {
                m.window = now;                         // the class is not re-woven yet: the window starts later
                return;
            }
            if (ratios != null && java.util.Arrays.equals(ratios, m.ratios)) {
                ctx.setVariant(m.site, ENTRY_ONLY);     // unchanged: entry-only again, the same anchor
                m.rechecking = false;
                m.entryOnlySinceMillis = ctx.elapsedMillis();
            } else {
                keep(m, counts);                        // changed: counted in full from now on
                m.entryOnly = false;
                m.rechecking = false;
                m.ratios = null;
                m.window = now;
                returnsToFull++;
            }
            return;
        }
        if (calls < minInvocations) {
            return;
        }
        if (ratios != null) {
            m.ratios = ratios;
            m.anchor = now;
            m.entryOnly = true;
            m.entryOnlySinceMillis = ctx.elapsedMillis();
            ctx.setVariant(m.site, ENTRY_ONLY);
            swapsToEntry++;
        }
        m.window = now;
    }

    /**
     * True while the window saw invocations but none of the blocks that should have run with them: the method still
     * runs its entry-only code.
     */
    private static boolean stillEntryOnly(MethodState m, long[] now) {
        boolean expected = false;
        for (int b = 0; b < m.method.blocks(); b++) {
            boolean countsCalls = m.method.firstBlockCounter() + b == m.method.invocationCounter();
            if (countsCalls) {
                continue;
            }
            if (now[1 + b] != m.window[1 + b]) {
                return false;
            }
            expected |= m.ratios[b] > 0;
        }
        return expected;
    }

    /** Per block, its executions per invocation over the window, or null if one is not a whole number. */
    private static long[] ratios(long[] now, long[] then, long calls) {
        long[] r = new long[now.length - 1];
        for (int b = 0; b < r.length; b++) {
            long d = now[1 + b] - then[1 + b];
            if (d < 0 || d % calls != 0) {
                return null;
            }
            r[b] = d / calls;
        }
        return r;
    }

    /** Ends an entry-only phase: what it extrapolated up to now is kept. */
    private static void keep(MethodState m, long[] counts) {
        m.kept = model(m).missing(counts);
        m.keptAny = true;
        m.anchor = null;
    }

    /** Registers the switchable methods woven since the last step, with their classes' layouts. */
    private void discover(ControlContext ctx) {
        List<SiteInfo> sites = ctx.sites();
        if (sites.size() == sitesSeen) {
            return;
        }
        sitesSeen = sites.size();
        List<SiteInfo> methodSites = new ArrayList<>();
        for (SiteInfo s : sites) {
            if (s.location() == -1) {
                ClassLayout l = ParsedLayouts.of(s);
                if (l != null) {
                    layouts.put(s.loaderTag() + "/" + s.className(), l);
                }
            } else if ("method".equals(s.snippet()) && !methods.containsKey(s.id())) {
                methodSites.add(s);
            }
        }
        for (SiteInfo s : methodSites) {
            ClassLayout l = layouts.get(s.loaderTag() + "/" + s.className());
            if (l == null) {
                continue;
            }
            for (ClassLayout.Method m : l.methods()) {
                if (m.name().equals(s.methodName()) && m.desc().equals(s.methodDesc()) && m.blocks() > 1) {
                    methods.put(s.id(), new MethodState(s.id(), l, m));
                }
            }
        }
    }

    @Override
    public Map<String, Object> stats() {
        Map<String, Object> m = new LinkedHashMap<>();
        long entryOnlyNow = 0;
        for (MethodState s : methods.values()) {
            entryOnlyNow += s.entryOnly && !s.rechecking ? 1 : 0;
        }
        m.put("switchableMethods", (long) methods.size());
        m.put("swapsToEntryOnly", swapsToEntry);
        m.put("rechecks", rechecks);
        m.put("returnsToFullCounting", returnsToFull);
        m.put("entryOnlyAtEnd", entryOnlyNow);
        return m;
    }
}
