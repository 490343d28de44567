package io.taper.analysis.methodtime;

import io.taper.runtime.RuntimeReset;
import io.taper.runtime.SiteInfo;
import io.taper.runtime.SiteRegistry;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.locks.LockSupport;

/**
 * Main of {@link MethodTimeResetTest}'s forked JVM (the analysis's state is the JVM's): a session, the reset a detach
 * makes, and the next session, with the same site ids for methods of another class. Each session calls two methods
 * through the snippets' event methods (sites 11/12 and 21/22, entry/exit): the first 200 times, cheaply, so that a
 * step removes it and starts the removed methods' sampler; the second 3 times, 2 ms each. After each phase it prints
 * {@code PHASE.rows} (id, class and method, invocations, removed), {@code PHASE.removed}, {@code PHASE.methods},
 * {@code PHASE.sampled} (methods the sampler follows) and {@code PHASE.samplers} (Taper's sampling threads alive).
 */
public final class ResetHarness {

    public static void main(String[] args) throws Exception {
        session("p/First", "a", "b");
        print("first");
        new MethodTimeResults().reset();   // as the agent's detach does: the analysis, then the runtime
        RuntimeReset.resetAll();
        print("reset");
        session("p/Next", "c", "d");
        print("next");
    }

    private static void session(String className, String cheap, String costly) {
        SiteRegistry.register(List.of(site(11, className, cheap, "onEntry"), site(12, className, cheap, "onExit"),
            site(21, className, costly, "onEntry"), site(22, className, costly, "onExit")));
        calls(11, 200, 0);
        calls(21, 3, 2_000_000);
        MethodTimeStrategy s = new MethodTimeStrategy();
        s.configure("period-ms=100,min-calls=100,max-mean-ms=1.0,max-defer-ms=0,sample-ms=10,sampler=stacks,"
            + "how=switch");
        StepHarness.RecordingContext context = new StepHarness.RecordingContext();
        context.step = 1;
        s.step(context);
    }

    private static void print(String phase) {
        MethodTimeResults results = new MethodTimeResults();
        List<String> rows = new ArrayList<>();
        for (Map<String, Object> r : results.rows()) {
            rows.add(r.get("id") + " " + r.get("class") + "." + r.get("method") + " " + r.get("invocations") + " "
                + r.get("removed"));
        }
        rows.sort(null);
        System.out.println(phase + ".rows=" + rows);
        System.out.println(phase + ".removed=" + results.summary().get("removedMethods"));
        System.out.println(phase + ".methods=" + MethodIds.size());
        System.out.println(phase + ".sampled=" + SampledTimes.recorded().stats().get("sampledMethods"));
        List<String> samplers = new ArrayList<>();
        for (Thread t : Thread.getAllStackTraces().keySet()) {
            String name = t.getName();
            if (name.equals(RemovedMethodSampler.THREAD_NAME) || name.equals(ThreadStateSampler.THREAD_NAME)) {
                samplers.add(name);
            }
        }
        samplers.sort(null);
        System.out.println(phase + ".samplers=" + samplers);
    }

    /** {@code n} completed calls of the method whose entry site is {@code entry}, each lasting about {@code nanos}. */
    private static void calls(int entry, int n, long nanos) {
        for (int i = 0; i < n; i++) {
            int frame = MethodTimeEvents.enter(entry);
            long end = System.nanoTime() + nanos;
            while (System.nanoTime() < end) {
                LockSupport.parkNanos(end - System.nanoTime());
            }
            MethodTimeEvents.exit(entry + 1, frame);
        }
    }

    private static SiteInfo site(int id, String className, String method, String snippet) {
        return new SiteInfo(id, 1, className, method, "()V", -1, "MethodTimeSnippets." + snippet, "", true, Map.of());
    }
}
