package io.taper.controller.internal;

import io.taper.controller.ClassDeployments;
import io.taper.controller.ClassKey;
import io.taper.runtime.SiteSwitches;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Decides which classes to re-weave so that the code of their switched-off sites goes too. A switched-off
 * site costs little but not nothing: its check runs until the JIT folds it, and its code still counts
 * against the JIT's inlining limits. Re-weaving costs a round trip to the server, a class redefinition
 * (a pause) and the recompilation of the class's hot methods. So a class is re-woven only when
 *
 * <pre>
 *   heat × share × (switched-off sites / woven sites) × expected remaining time  &gt;  cost per class
 * </pre>
 *
 * where heat is the CPU seconds per second the program's running threads spend in the class (sampled,
 * {@link ClassHeat}), share the part of a hot class's time its switched-off code is assumed to cost (an
 * option), the expected remaining time the time run so far (a program that has run for t is as likely to
 * run for t more as not), and the cost per class measured on this run: the controller's own re-weaves
 * (pause and weaving, per class, smoothed) counted twice to cover recompilation, seeded before the first
 * re-weave with the agent's start-up retransformation per class. Every decision to re-weave, and the
 * nearest misses, are reported with their inputs.
 */
final class CodeRemovalModel {

    /** How a run decides: {@code never} (the default) or {@code model[:share]} (share 0.02 unless given). */
    record Settings(boolean enabled, double share) {
        static final Settings NEVER = new Settings(false, 0);
        static final Settings MODEL = new Settings(true, 0.02);

        static Settings parse(String spec) {
            String s = spec == null ? "" : spec.trim().toLowerCase(Locale.ROOT);
            if (s.isEmpty() || s.equals("never")) {
                return NEVER;
            }
            if (s.equals("model")) {
                return MODEL;
            }
            if (s.startsWith("model:")) {
                try {
                    double share = Double.parseDouble(s.substring("model:".length()));
                    if (share > 0 && share <= 1) {
                        return new Settings(true, share);
                    }
                } catch (NumberFormatException ignored) {
                    // falls through to the error
                }
            }
            throw new IllegalArgumentException("controller.reweave must be model, model:SHARE (0 < SHARE <= 1) or"
                    + " never, got '" + spec + "'");
        }
    }

    static final double MIN_HEAT = 0.01;
    /** Samples before the first decision: a class's heat from one or two stacks is chance. */
    static final int MIN_SAMPLES = 5;
    private static final int MAX_LOGGED = 50;
    private static final int MAX_KEPT = 1_000;

    private final ClassDeployments deployments;
    private final ClassHeat heat;
    private final Settings settings;
    private double costNanosPerClass;
    private String costSource;
    private final Set<ClassKey> rewoven = new HashSet<>();
    private final Map<ClassKey, Map<String, Object>> skipped = new LinkedHashMap<>();
    private final List<Map<String, Object>> decisions = new ArrayList<>();
    private long classesRewoven;
    private long sitesDropped;

    CodeRemovalModel(ClassDeployments deployments, ClassHeat heat, Settings settings, long seedNanosPerClass) {
        this.deployments = deployments;
        this.heat = heat;
        this.settings = settings;
        this.costNanosPerClass = Math.max(0, seedNanosPerClass);
        this.costSource = seedNanosPerClass > 0 ? "start-up retransformation" : "none yet";
    }

    /**
     * Samples the program and stages the removal, by re-weaving, of the switched-off sites of every class that
     * pays for it.
     */
    void step(StagedContext context, long elapsedMillis) {
        if (!settings.enabled()) {
            return;
        }
        heat.sample(elapsedMillis);
        if (heat.samples() < MIN_SAMPLES) {
            return;
        }
        List<Candidate> candidates = new ArrayList<>();
        for (String name : heat.hotterThan(MIN_HEAT)) {
            for (ClassKey key : deployments.keysNamed(name)) {
                if (!rewoven.contains(key)) {
                    Candidate c = candidate(context, key, heat.of(name), elapsedMillis);
                    if (c != null) {
                        candidates.add(c);
                    }
                }
            }
        }
        // Until the controller has measured a re-weave of its own, one class per step, the one expected to save
        // most: the seed (start-up retransformation per class) is a batch's share, below what one class costs.
        candidates.sort((a, b) -> Double.compare(b.savingMillis, a.savingMillis));
        boolean measuredYet = costSource.startsWith("controller");
        for (Candidate c : candidates) {
            boolean pays = c.savingMillis > 2 * costNanosPerClass / 1e6;
            decide(context, c, pays);
            if (pays && !measuredYet) {
                break;
            }
        }
    }

    private record Candidate(ClassKey key, double heat, List<Integer> off, int woven, double savingMillis,
                             long atMillis) {
    }

    private Candidate candidate(StagedContext context, ClassKey key, double classHeat, long elapsedMillis) {
        int woven = 0;
        List<Integer> off = new ArrayList<>();
        for (int id : deployments.siteIds(key)) {
            if (!Boolean.TRUE.equals(deployments.isWovenActive(id)) || context.isDisabled(id)) {
                continue;
            }
            woven++;
            if (SiteSwitches.isOff(id)) {
                off.add(id);
            }
        }
        if (off.isEmpty()) {
            return null;
        }
        return new Candidate(key, classHeat, off, woven, classHeat * settings.share() * off.size() / woven * elapsedMillis,
                elapsedMillis);
    }

    private void decide(StagedContext context, Candidate c, boolean pays) {
        ClassKey key = c.key();
        List<Integer> off = c.off();
        Map<String, Object> d = new LinkedHashMap<>();
        d.put("class", key.internalName());
        d.put("loaderTag", key.loaderTag());
        d.put("atMillis", c.atMillis());
        d.put("heat", round(c.heat()));
        d.put("sitesOff", off.size());
        d.put("sitesWoven", c.woven());
        d.put("expectedSavingMillis", round(c.savingMillis()));
        d.put("costMillis", round(2 * costNanosPerClass / 1e6));
        if (!pays) {
            d.put("decision", "keep");
            skipped.remove(key);
            if (skipped.size() < MAX_KEPT) {
                skipped.put(key, d);
            }
            return;
        }
        d.put("decision", "re-weave");
        for (int id : off) {
            context.disable(id);
        }
        rewoven.add(key);
        skipped.remove(key);
        classesRewoven++;
        sitesDropped += off.size();
        if (decisions.size() < MAX_LOGGED) {
            decisions.add(d);
        }
    }

    /** A re-weave's pause and weaving per class, as measured so far (this model counts it twice, for recompilation). */
    double pauseMillisPerClass() {
        return costNanosPerClass / 1e6;
    }

    /** A retransformation pass of the controller took this long for these classes (weaving included). */
    void measured(long nanos, int classes) {
        if (classes <= 0) {
            return;
        }
        double perClass = nanos / (double) classes;
        costNanosPerClass = costSource.startsWith("controller") ? 0.7 * costNanosPerClass + 0.3 * perClass : perClass;
        costSource = "controller re-weaves";
    }

    Map<String, Object> stats() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("policy", settings.enabled() ? "model" : "never");
        if (!settings.enabled()) {
            return m;
        }
        m.put("share", settings.share());
        m.put("costMillisPerClass", round(2 * costNanosPerClass / 1e6));
        m.put("costSource", costSource);
        m.put("samples", heat.samples());
        m.put("sampleMillis", round(heat.sampleNanos() / 1e6));
        m.put(io.taper.result.ResultKeys.Controller.CLASSES_REWOVEN, classesRewoven);
        m.put("sitesDropped", sitesDropped);
        m.put("classesKept", (long) skipped.size());
        m.put("rewoven", decisions);
        List<Map<String, Object>> near = new ArrayList<>(skipped.values());
        near.sort((a, b) -> Double.compare((double) b.get("expectedSavingMillis"), (double) a.get("expectedSavingMillis")));
        m.put("keptNearest", near.subList(0, Math.min(10, near.size())));
        return m;
    }

    private static double round(double v) {
        return Math.round(v * 1000) / 1000.0;
    }
}
