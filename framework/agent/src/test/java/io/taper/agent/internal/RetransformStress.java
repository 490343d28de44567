package io.taper.agent.internal;

import java.lang.instrument.ClassFileTransformer;
import java.lang.instrument.Instrumentation;
import java.security.ProtectionDomain;
import java.util.ArrayList;
import java.util.List;

/**
 * A {@code -javaagent} for {@code evaluation/retransform-stress.sh}: retransforms every class loaded at start-up,
 * ROUNDS times, with THREADS threads, either as the agent's start-up pass does ({@code taper}:
 * {@link StartupRetransform}, supertypes first) or in one phase ({@code unordered}: the same slices and batches, any
 * class beside any other). Agent arguments: {@code ROUNDS,MODE,BATCH,THREADS} (BATCH: classes per call).
 */
public final class RetransformStress {

    private RetransformStress() {
    }

    public static void premain(String args, Instrumentation inst) throws InterruptedException {
        String[] a = args.split(",");
        int rounds = Integer.parseInt(a[0]);
        boolean unordered = a[1].equals("unordered");
        int batch = Integer.parseInt(a[2]);
        int threads = Integer.parseInt(a[3]);
        inst.addTransformer(new Copy(), true);
        AgentStats stats = new AgentStats();
        StartupRetransform startup = new StartupRetransform(inst, new BatchRetransformer(inst, stats), stats,
                SkippedClasses.of(List.of()), batch);
        List<Class<?>> classes = startup.candidates();
        for (int r = 0; r < rounds; r++) {
            if (unordered) {
                unordered(inst, classes, threads, batch);
            } else {
                startup.run(classes, threads);
            }
        }
        System.out.println("classes=" + classes.size() + " rounds=" + rounds + " failures="
                + stats.retransformFailures.get());
    }

    private static void unordered(Instrumentation inst, List<Class<?>> classes, int threads, int batchSize)
            throws InterruptedException {
        List<Thread> running = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            List<Class<?>> slice = new ArrayList<>();
            for (int i = t; i < classes.size(); i += threads) {
                slice.add(classes.get(i));
            }
            Thread th = new Thread(() -> {
                for (int i = 0; i < slice.size(); i += batchSize) {
                    List<Class<?>> batch = slice.subList(i, Math.min(slice.size(), i + batchSize));
                    try {
                        inst.retransformClasses(batch.toArray(new Class<?>[0]));
                    } catch (Throwable e) {
                        System.out.println("failed: " + e);
                    }
                }
            });
            th.start();
            running.add(th);
        }
        for (Thread th : running) {
            th.join();
        }
    }

    /** New bytes for every class (a copy): each retransformation parses and redefines. */
    private static final class Copy implements ClassFileTransformer {
        @Override
        public byte[] transform(ClassLoader loader, String name, Class<?> redefined, ProtectionDomain pd,
                                byte[] bytes) {
            return redefined == null ? null : bytes.clone();
        }
    }
}
