package io.taper.controller.it;

import static io.taper.controller.it.MiniWeaver.siteOf;

import io.taper.controller.Controller;
import io.taper.controller.ControllerBootstrap;
import io.taper.controller.it.target.Broken;
import io.taper.controller.it.target.Other;
import io.taper.controller.it.target.Work;
import io.taper.runtime.SiteRegistry;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import io.taper.runtime.control.ControlContext;

/**
 * The forked JVM's main: runs one scenario against the real controller and the JVM's real
 * {@code retransformClasses}, and prints {@code key=value} lines for the test to check.
 * Usage: {@code Harness SCENARIO CONTROLLER-SPEC}.
 */
public final class Harness {

    private static Controller controller;

    private Harness() {
    }

    public static void main(String[] args) throws Exception {
        Map<String, String> config = Map.of("mode", "adaptive", "controller", args[1]);
        if (args[0].equals("periodic")) {
            // coverage semantics: a site is dead once its method ran
            SiteRegistry.addListener(s -> SiteRegistry.bind(s.id(), Probe.SEEN, s.id()));
        }
        controller = ControllerBootstrap.start(HarnessAgent.instrumentation, config, MiniWeaver::tag, null);
        switch (args[0]) {
            case "periodic" -> periodic();
            case "scripted" -> scripted();
            case "hotloop" -> hotLoop(Integer.parseInt(args[2]));
            case "broken" -> broken();
            case "strategy" -> controller.stepNow();
            case "lock" -> LockScenario.run(HarnessAgent.instrumentation);
            default -> throw new IllegalArgumentException(args[0]);
        }
        controller.stop();
        Map<String, Object> stats = controller.stats();
        for (String k : List.of("strategy", "error", "steps", "stepErrors", "batches", "failedBatches",
                "classesRetransformed", "retransformFailures", "sitesMarkedRemoved", "sitesRedeployed", "variantSwitches",
                "threadAlive", "passes", "classesNotFound", "classesUnmodifiable", "removalsPending",
                "redeploymentsPending")) {
            out("stats." + k, stats.get(k));
        }
        out("stats.removals", stats.get("removals"));
        out("stats.pauseMillis", stats.get("pauseMillis"));
    }

    static void out(String key, Object value) {
        System.out.println(key + "=" + value);
    }

    private static void step(Consumer<ControlContext> action) {
        ScriptedStrategy.NEXT.add(action);
        controller.stepNow();
    }

    /** Dead sites are removed by the periodic strategy on the controller thread; the counter freezes. */
    private static void periodic() throws InterruptedException {
        int a = siteOf("Work", "a");
        for (int i = 0; i < 1000; i++) {
            Work.a();
        }
        long deadline = System.nanoTime() + 20_000_000_000L;
        while (!controller.isRemoved(a) && System.nanoTime() < deadline) {
            Thread.sleep(5);
        }
        out("aRemoved", controller.isRemoved(a));
        long frozen = Probe.HITS.get(a);
        for (int i = 0; i < 1000; i++) {
            Work.a();
        }
        out("hitsAtRemoval", frozen);
        out("hitsFinal", Probe.HITS.get(a));
        out("bRemoved", controller.isRemoved(siteOf("Work", "b")));
    }

    /** Deterministic steps: removal, no-op steps, re-deployment, variants, two classes in one batch. */
    private static void scripted() {
        int a = siteOf("Work", "a");
        int b = siteOf("Work", "b");
        int c = siteOf("Other", "c");
        Work.a();
        Work.b();
        Other.c();
        step(ctx -> ctx.disable(a));
        out("afterDisable.batches", controller.stats().get("batches"));
        out("afterDisable.classes", controller.stats().get("classesRetransformed"));
        for (int i = 0; i < 10; i++) {
            Work.a();
            Work.b();
        }
        out("afterDisable.hitsA", Probe.HITS.get(a));
        out("afterDisable.hitsB", Probe.HITS.get(b));
        step(ctx -> {
            ctx.disable(b);
            out("staged.bDisabled", ctx.isDisabled(b));
            ctx.enable(b);
        });
        out("afterNoop.batches", controller.stats().get("batches"));
        step(ctx -> ctx.enable(a));
        for (int i = 0; i < 10; i++) {
            Work.a();
        }
        out("afterEnable.hitsA", Probe.HITS.get(a));
        step(ctx -> ctx.setVariant(a, "twice"));
        for (int i = 0; i < 10; i++) {
            Work.a();
        }
        out("afterVariant.hitsA", Probe.HITS.get(a));
        step(ctx -> {
            ctx.disable(b);
            ctx.disable(c);
        });
        out("twoClasses.batches", controller.stats().get("batches"));
        out("twoClasses.classes", controller.stats().get("classesRetransformed"));
        Other.c();
        out("twoClasses.hitsC", Probe.HITS.get(c));
    }

    /** Four threads run hot loops in Work while Work is retransformed {@code rounds} times. */
    private static void hotLoop(int rounds) throws InterruptedException {
        int a = siteOf("Work", "a");
        int b = siteOf("Work", "b");
        AtomicBoolean running = new AtomicBoolean(true);
        AtomicLong calls = new AtomicLong();
        List<Thread> threads = new ArrayList<>();
        Throwable[] failure = new Throwable[1];
        for (int t = 0; t < 4; t++) {
            Thread th = new Thread(() -> {
                try {
                    long mine = 0;
                    while (running.get()) {
                        mine += Work.loop(10_000);
                    }
                    calls.addAndGet(mine);
                } catch (Throwable e) {
                    failure[0] = e;
                }
            }, "hot-" + t);
            threads.add(th);
            th.start();
        }
        int loop = siteOf("Work", "loop", "(I)J");
        long hot = System.nanoTime() + 20_000_000_000L;
        while (Probe.HITS.get(loop) < 8 && System.nanoTime() < hot) {   // Work loaded, woven and looping
            Thread.sleep(1);
        }
        for (int r = 0; r < rounds; r++) {
            boolean off = r % 2 == 0;
            step(ctx -> {
                if (off) {
                    ctx.disable(b);
                } else {
                    ctx.enable(b);
                }
            });
            out("round" + r + ".batches", controller.stats().get("batches"));
            Thread.sleep(10);
        }
        running.set(false);
        boolean joined = true;
        for (Thread th : threads) {
            th.join(30_000);
            joined &= !th.isAlive();
        }
        out("joined", joined);
        out("failure", failure[0]);
        out("calls", calls.get());
        out("hitsA", Probe.HITS.get(a));
        out("hitsLoop", Probe.HITS.get(loop));
    }

    /** One class of a batch gets unverifiable code: the batch is split and only that class fails. */
    private static void broken() {
        int a = siteOf("Work", "a");
        int d = siteOf("Broken", "d");
        Work.a();
        Broken.d();
        step(ctx -> {
            ctx.disable(a);
            ctx.setVariant(d, "bad");
        });
        Work.a();
        Broken.d();
        out("aRemoved", controller.isRemoved(a));
        out("hitsA", Probe.HITS.get(a));
        out("hitsD", Probe.HITS.get(d));
    }
}
