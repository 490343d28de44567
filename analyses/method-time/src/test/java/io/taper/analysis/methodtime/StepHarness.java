package io.taper.analysis.methodtime;

import io.taper.runtime.SiteInfo;
import io.taper.runtime.SiteRegistry;
import io.taper.runtime.control.ControlContext;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.locks.LockSupport;

/**
 * Main of {@link MethodTimeStrategyStepTest}'s forked JVM (the strategy's state is the JVM's): three methods of one
 * class get calls through the snippets' event methods, then the strategy steps with a context that records what it
 * was told; each step prints {@code stepN.disabled=[sites]}, {@code stepN.switchedOff=[sites]} and
 * {@code stepN.removed=[methods]}.
 *
 * <p>Sites: {@code cheap} 11/12 (entry/exit), {@code costly} 21/22, {@code later} 31/32, all of class
 * {@code p/Step}. Before step 1: cheap 200 calls of nothing, costly 120 calls of 2 ms, later 10 calls; before
 * step 2: later 200 more calls of nothing.
 */
public final class StepHarness {

    /** The controller's side of one step, as the strategy left it. */
    static final class RecordingContext implements ControlContext {
        final TreeSet<Integer> disabled = new TreeSet<>();
        final TreeSet<Integer> switchedOff = new TreeSet<>();
        long step;

        @Override
        public long elapsedMillis() {
            return 1_000 * step;
        }

        @Override
        public long stepNumber() {
            return step;
        }

        @Override
        public int[] deadSites() {
            return new int[0];
        }

        @Override
        public boolean isDisabled(int siteId) {
            return disabled.contains(siteId);
        }

        @Override
        public void disable(int siteId) {
            disabled.add(siteId);
        }

        @Override
        public void enable(int siteId) {
            disabled.remove(siteId);
        }

        @Override
        public boolean switchOff(int siteId) {
            return switchedOff.add(siteId);
        }

        @Override
        public boolean isSwitchedOff(int siteId) {
            return switchedOff.contains(siteId);
        }

        @Override
        public List<SiteInfo> sites() {
            return SiteRegistry.all();
        }

        @Override
        public SiteInfo site(int siteId) {
            return SiteRegistry.get(siteId);
        }

        @Override
        public String variant(int siteId) {
            return null;
        }

        @Override
        public io.taper.runtime.AnalysisResults results() {
            throw new AssertionError("method-time reads its own tables");
        }

        @Override
        public void setVariant(int siteId, String variant) {
            throw new AssertionError("method-time sets no variants");
        }
    }

    public static void main(String[] args) {
        SiteRegistry.register(List.of(site(11, "cheap", "onEntry"), site(12, "cheap", "onExit"),
                site(21, "costly", "onEntry"), site(22, "costly", "onExit"),
                site(31, "later", "onEntry"), site(32, "later", "onExit")));
        calls(11, 200, 0);
        calls(21, 120, 2_000_000);
        calls(31, 10, 0);
        MethodTimeStrategy s = new MethodTimeStrategy();
        s.configure("period-ms=100,min-calls=100,max-mean-ms=1.0,max-defer-ms=0,sample-ms=0," + args[0]);
        RecordingContext context = new RecordingContext();
        step(s, context, 1);
        calls(31, 200, 0);
        step(s, context, 2);
    }

    private static void step(MethodTimeStrategy s, RecordingContext context, long n) {
        context.step = n;
        s.step(context);
        System.out.println("step" + n + ".disabled=" + context.disabled);
        System.out.println("step" + n + ".switchedOff=" + context.switchedOff);
        List<String> removed = new ArrayList<>();
        for (int m : Removals.methods()) {
            removed.add(MethodIds.method(m).name);
        }
        removed.sort(null);
        System.out.println("step" + n + ".removed=" + removed);
    }

    /** {@code n} completed calls of the method whose entry site is {@code entry}, each lasting about {@code nanos}. */
    private static void calls(int entry, int n, long nanos) {
        for (int i = 0; i < n; i++) {
            int frame = MethodTimeEvents.enter(entry);
            if (nanos > 0) {
                long end = System.nanoTime() + nanos;
                while (System.nanoTime() < end) {
                    LockSupport.parkNanos(end - System.nanoTime());
                }
            }
            MethodTimeEvents.exit(entry + 1, frame);
        }
    }

    private static SiteInfo site(int id, String method, String snippet) {
        return new SiteInfo(id, 1, "p/Step", method, "()V", -1, "MethodTimeSnippets." + snippet, "", true, Map.of());
    }
}
