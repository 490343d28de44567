package io.taper.analysis.bytecodecount;

import io.taper.runtime.SiteInfo;
import io.taper.runtime.control.ControlContext;
import io.taper.runtime.control.ControllerStrategy;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Adaptive bytecode counting ({@code --controller bytecode-count[:key=value,...]}): a method whose blocks ran exactly
 * the same number of times per invocation over a window of at least {@code k} invocations (default 1,000) may be
 * re-woven with an entry-only counter (the {@code entry} variant), and its blocks are extrapolated as invocations times
 * that per-invocation count ({@link Extrapolation}). Every {@code recheck-ms} (default 5,000) a class's entry-only
 * methods go back to full counting for a window: a method whose per-invocation count is unchanged goes back to entry
 * only, one whose count changed is counted in full for the rest of the run (its extrapolation up to then is kept).
 *
 * <p>Swapping is not free: each swap and each re-check re-weaves the class, which pauses the program and throws
 * away the compiled code of the class and of everything that inlined it, while entry-only saves only the method's
 * block increments (its fetch becomes the entry counter's call). So a class's methods swap only where it pays, by
 * measured inputs: their block increments saved per second (from the window) must reach {@code min-saved-per-s}
 * (default 100,000,000), classes go in order of that saving, and re-weaving, at its measured cost per class
 * ({@link ReweaveCosts}: the pause and the JIT's recompilation after it), may take at most {@code budget} (default
 * 0.02) of the run's time so far, and of every re-check period for the re-checks the entry-only classes need. A class
 * whose re-checks alone would cost more stays counted in full after its next one. Methods of one class swap and
 * re-check together, in one re-weave.
 *
 * <p>The bootstrap loader's classes never swap unless {@code boot=true}: the whole program inlines the JDK's core
 * ({@code String}, {@code HashMap}), so re-weaving one throws away most of its compiled code, and the program runs
 * slower code for far longer than the JIT's compile time after it shows (Xalan, {@code java.lang.String} swapped and
 * re-checked twice: 50 s against fixed's 34 s, of which 148 ms was the measured recompilation).
 *
 * <p>The extrapolation is anchored where the decision was taken (the counts then, plus the per-invocation count for
 * every invocation since), so the time the retransformation takes in either direction loses nothing for a method
 * that stays stable; a method whose count changes while entry-only is off by what changed until its re-check.
 */
public final class StableCountStrategy implements ControllerStrategy {

    public static final String NAME = "bytecode-count";
    static final String ENTRY_ONLY = ClassLayout.ENTRY_ONLY;
    private static final int MAX_LOGGED = 50;
    /** The agent's tag for the bootstrap loader. */
    private static final int BOOT_LOADER = 0;

    private long minInvocations = 1_000;
    private long recheckMillis = 5_000;
    private long periodMillis = 1_000;
    private boolean bootClasses;
    private double budget = 0.02;
    private long minSavedPerSecond = 100_000_000;

    /** What the strategy knows of one switchable method. */
    private static final class MethodState {
        final int site;
        final String className;
        final ClassLayout layout;
        final ClassLayout.Method method;
        /** Counts at the start of the current window (invocations first, then the blocks), and when it started. */
        long[] window;
        long windowAtMillis;
        /** The per-invocation block counts of the last stable window, or null. */
        long[] ratios;
        /** Entry-only since the decision: its anchor (counts then) and the step it was taken. */
        long[] anchor;
        boolean entryOnly;
        boolean rechecking;
        /** Back in full counting for good once its re-check window shows the full code running. */
        boolean givingUp;
        /** Its count per call changed at a re-check: counted in full from then on. */
        boolean changed;
        long entryOnlySinceMillis;
        /** Extrapolated executions per block kept from earlier entry-only phases. */
        long[] kept;
        boolean keptAny;

        MethodState(int site, String className, ClassLayout layout, ClassLayout.Method method) {
            this.site = site;
            this.className = className;
            this.layout = layout;
            this.method = method;
            this.kept = new long[method.blocks()];
        }
    }

    /** A class whose stable methods might swap this step: each with its counts per call and its counts now. */
    private static final class Candidate {
        final int slot;
        final List<MethodState> methods = new ArrayList<>();
        final List<long[]> ratios = new ArrayList<>();
        final List<long[]> now = new ArrayList<>();
        /** Block increments per second the methods would save together. */
        double savedPerSecond;

        Candidate(int slot) {
            this.slot = slot;
        }
    }

    private final Map<Integer, MethodState> methods = new LinkedHashMap<>();
    private final Map<String, ClassLayout> layouts = new HashMap<>();
    private int sitesSeen;
    private long swapsToEntry;
    private long rechecks;
    private long returnsToFull;
    private long classSwaps;
    private long classRechecks;
    private long belowMinSaving;
    private long overBudget;
    private long classesGivenUp;
    private final ReweaveCosts costs = new ReweaveCosts();
    private double spentMillis;
    private double pauseMillisPerClass;
    private final List<Map<String, Object>> decisions = new ArrayList<>();

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
            String key = p[0].trim();
            if (key.equals("budget")) {
                budget = share(p[1]);
                continue;
            }
            if (key.equals("boot")) {
                bootClasses = bool(p[1]);
                continue;
            }
            long v;
            try {
                v = Long.parseLong(p[1].trim());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("bytecode-count: " + key + " is not a number: '" + p[1] + "'");
            }
            switch (key) {
                case "k" -> minInvocations = Math.max(1, v);
                case "recheck-ms" -> recheckMillis = Math.max(1, v);
                case "period-ms" -> periodMillis = Math.max(1, v);
                case "min-saved-per-s" -> minSavedPerSecond = Math.max(0, v);
                default -> throw new IllegalArgumentException("bytecode-count: unknown option '" + key
                    + "' (known: k, recheck-ms, period-ms, budget, min-saved-per-s, boot)");
            }
        }
    }

    private static boolean bool(String value) {
        return switch (value.trim()) {
            case "true" -> true;
            case "false" -> false;
            default -> throw new IllegalArgumentException("bytecode-count: boot must be true or false, got '" + value
                + "'");
        };
    }

    private static double share(String value) {
        double d;
        try {
            d = Double.parseDouble(value.trim());
        } catch (NumberFormatException e) {
            d = Double.NaN;
        }
        if (!(d > 0 && d <= 1)) {
            throw new IllegalArgumentException("bytecode-count: budget must be a share of the run's time, above 0 and"
                + " at most 1, got '" + value + "'");
        }
        return d;
    }

    @Override
    public long periodMillis() {
        return periodMillis;
    }

    @Override
    public void step(ControlContext ctx) {
        discover(ctx);
        pauseMillisPerClass = ctx.reweavePauseMillisPerClass();
        long at = ctx.elapsedMillis();
        costs.tick(at);
        Map<Integer, long[]> sums = new HashMap<>();
        Map<Integer, List<MethodState>> dueForRecheck = new LinkedHashMap<>();
        Set<Integer> backToEntryOnly = new HashSet<>();
        Map<Integer, Candidate> candidates = new LinkedHashMap<>();
        for (MethodState m : methods.values()) {
            int slot = m.layout.slot();
            long[] counts = sums.get(slot);
            if (counts == null) {
                counts = WovenClassIndex.sum(m.layout);
                sums.put(slot, counts);
            }
            long[] now = snapshot(m, counts);
            if (m.entryOnly && !m.rechecking) {
                if (at - m.entryOnlySinceMillis >= recheckMillis) {
                    dueForRecheck.computeIfAbsent(slot, s -> new ArrayList<>()).add(m);
                }
            } else if (m.rechecking) {
                if (recheck(ctx, m, now, counts, at)) {
                    backToEntryOnly.add(slot);
                }
            } else if (!m.changed) {
                window(m, now, at, candidates);
            }
        }
        Set<Integer> reweaving = new HashSet<>(backToEntryOnly);
        for (int slot : backToEntryOnly) {
            spentMillis += costs.of(slot, pauseMillisPerClass);
        }
        // a class due for its re-check takes all its entry-only methods back to full counting, in one re-weave; one
        // whose two re-weaves a period cost more than the budget allows stays in full from then on
        for (Map.Entry<Integer, List<MethodState>> e : dueForRecheck.entrySet()) {
            List<MethodState> due = e.getValue();
            for (MethodState m : methods.values()) {
                if (m.layout == due.get(0).layout && m.entryOnly && !m.rechecking && !due.contains(m)) {
                    due.add(m);
                }
            }
            double cost = costs.of(e.getKey(), pauseMillisPerClass);
            boolean givingUp = 2 * cost > budget * recheckMillis;
            for (MethodState m : due) {
                ctx.setVariant(m.site, "");          // full counting for a window
                m.rechecking = true;
                m.givingUp = givingUp;
                m.window = null;                     // the window starts once the class is re-woven: next step
                rechecks++;
            }
            classRechecks++;
            classesGivenUp += givingUp ? 1 : 0;
            spentMillis += cost;
            reweaving.add(e.getKey());
        }
        reweaving.addAll(swap(ctx, candidates, at));
        costs.reweaving(reweaving, at, pauseMillisPerClass);
        for (MethodState m : methods.values()) {
            if (m.anchor != null || m.keptAny) {
                Extrapolation.publish(m.layout.slot(), model(m));
            }
        }
    }

    /**
     * A method counted in full: opens its window, or closes one of at least {@code k} calls, as a candidate to swap
     * when its count per call held (a new window starts either way).
     */
    private void window(MethodState m, long[] now, long at, Map<Integer, Candidate> candidates) {
        if (m.window == null) {
            m.window = now;
            m.windowAtMillis = at;
            return;
        }
        long calls = now[0] - m.window[0];
        if (calls < minInvocations) {
            return;
        }
        long[] ratios = ratios(now, m.window, calls);
        if (ratios != null && at > m.windowAtMillis) {
            long perCall = -1;                           // the entry counter stays
            for (long r : ratios) {
                perCall += r;
            }
            double saved = Math.max(0, perCall) * (double) calls * 1000.0 / (at - m.windowAtMillis);
            Candidate c = candidates.computeIfAbsent(m.layout.slot(), Candidate::new);
            c.methods.add(m);
            c.ratios.add(ratios);
            c.now.add(now);
            c.savedPerSecond += saved;
        }
        m.window = now;
        m.windowAtMillis = at;
    }

    /**
     * Swaps the candidate classes that pay, the largest saving first, within the budget: re-weaves so far within
     * {@code budget} of the run's time, and the re-checks of every entry-only class within {@code budget} of a
     * re-check period. Returns the classes it swaps.
     */
    private Set<Integer> swap(ControlContext ctx, Map<Integer, Candidate> candidates, long at) {
        List<Candidate> order = new ArrayList<>(candidates.values());
        order.sort((a, b) -> Double.compare(b.savedPerSecond, a.savedPerSecond));
        Set<Integer> entryOnlyClasses = new HashSet<>();
        for (MethodState m : methods.values()) {
            if (m.entryOnly) {
                entryOnlyClasses.add(m.layout.slot());
            }
        }
        double recheckLoad = 0;                          // two re-weaves a period for each entry-only class
        for (int slot : entryOnlyClasses) {
            recheckLoad += 2 * costs.of(slot, pauseMillisPerClass);
        }
        // until a re-weave of this strategy's was measured, all it knows is the controller's pause per class, far
        // below what a class costs with its recompilation: one class, to measure
        boolean measured = costs.anyMeasured();
        Set<Integer> swapped = new HashSet<>();
        for (Candidate c : order) {
            if (c.savedPerSecond < minSavedPerSecond) {
                belowMinSaving++;
                continue;
            }
            double cost = costs.of(c.slot, pauseMillisPerClass);
            double load = recheckLoad + (entryOnlyClasses.contains(c.slot) ? 0 : 2 * cost);
            boolean fits = !measured ? swapped.isEmpty() && classSwaps == 0
                : spentMillis + cost <= budget * at && load <= budget * recheckMillis;
            if (!fits) {
                overBudget++;
                continue;
            }
            for (int i = 0; i < c.methods.size(); i++) {
                MethodState m = c.methods.get(i);
                m.ratios = c.ratios.get(i);
                m.anchor = c.now.get(i);
                m.entryOnly = true;
                m.entryOnlySinceMillis = at;
                ctx.setVariant(m.site, ENTRY_ONLY);
                swapsToEntry++;
            }
            entryOnlyClasses.add(c.slot);
            recheckLoad = load;
            spentMillis += cost;
            classSwaps++;
            swapped.add(c.slot);
            if (decisions.size() < MAX_LOGGED) {
                Map<String, Object> d = new LinkedHashMap<>();
                d.put("class", c.methods.get(0).className);
                d.put("atMillis", at);
                d.put("methods", (long) c.methods.size());
                d.put("savedPerSecond", Math.round(c.savedPerSecond));
                d.put("costMillis", Math.round(cost * 10) / 10.0);
                d.put("spentMillis", Math.round(spentMillis));
                decisions.add(d);
            }
        }
        return swapped;
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

    /**
     * A method back in full counting for its re-check: once a window of its new code has calls, unchanged it goes
     * entry-only again (true: its class is re-woven), changed it stays in full for good.
     */
    private boolean recheck(ControlContext ctx, MethodState m, long[] now, long[] counts, long at) {
        if (m.window == null) {
            m.window = now;
            return false;
        }
        long calls = now[0] - m.window[0];
        if (calls == 0) {
            return false;
        }
        if (stillEntryOnly(m, now)) {
            m.window = now;                         // the class is not re-woven yet: the window starts later
            return false;
        }
        long[] ratios = ratios(now, m.window, calls);
        m.rechecking = false;
        if (!m.givingUp && ratios != null && java.util.Arrays.equals(ratios, m.ratios)) {
            ctx.setVariant(m.site, ENTRY_ONLY);     // unchanged: entry-only again, the same anchor
            m.entryOnlySinceMillis = at;
            return true;
        }
        keep(m, counts);                            // changed, or not worth its re-checks: in full from now on
        m.entryOnly = false;
        m.changed = true;
        m.ratios = null;
        m.window = null;
        if (!m.givingUp) {
            returnsToFull++;
        }
        return false;
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
            if (!bootClasses && s.loaderTag() == BOOT_LOADER) {
                continue;                                // not parsed: most of a run's classes are the JDK's
            }
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
                    methods.put(s.id(), new MethodState(s.id(), s.className(), l, m));
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
        m.put("classSwaps", classSwaps);
        m.put("classRechecks", classRechecks);
        m.put("classesGivenUp", classesGivenUp);
        m.put("budget", budget);
        m.put("minSavedPerSecond", minSavedPerSecond);
        m.put("pauseMillisPerClass", Math.round(pauseMillisPerClass * 10) / 10.0);
        m.put("reweaveMillisCharged", Math.round(spentMillis));
        m.put("compileMillisCharged", Math.round(costs.compileMillisCharged()));
        m.put("compileTimeMeasured", costs.compileTimeKnown());
        m.put("candidatesBelowMinSaving", belowMinSaving);
        m.put("candidatesOverBudget", overBudget);
        m.put("swaps", new ArrayList<>(decisions));
        return m;
    }
}
