package io.taper.runtime.state;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import org.junit.jupiter.api.Test;

/**
 * The hot paths allocate nothing once their slots exist: a million updates allocate less than a few
 * hundred bytes in total (one allocation per update would be at least 16 MB).
 */
class AllocationFreeTest {

    private static final int OPS = 1_000_000;
    private static final long BUDGET_BYTES = 1_024;

    private static long allocated() {
        return ((com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean())
                .getThreadAllocatedBytes(Thread.currentThread().getId());
    }

    private static void assertAllocationFree(String what, Runnable ops) {
        ops.run();                        // warm up: slots, chunks, thread-locals, JIT
        ops.run();
        long best = Long.MAX_VALUE;
        for (int attempt = 0; attempt < 3; attempt++) {
            long before = allocated();
            ops.run();
            best = Math.min(best, allocated() - before);
        }
        assertTrue(best < BUDGET_BYTES, what + " allocated " + best + " bytes for " + OPS + " updates");
    }

    @Test
    void countersFlagsAndMachinesAllocateNothing() {
        Counters c = new Counters();
        Flags f = new Flags();
        MachineStates m = new MachineStates(MachineStatesTest.STATIONARY);
        assertAllocationFree("Counters.inc", () -> {
            for (int i = 0; i < OPS; i++) {
                c.inc(i & 4095);
            }
        });
        assertAllocationFree("Flags.set", () -> {
            for (int i = 0; i < OPS; i++) {
                f.set(i & 4095);
            }
        });
        assertAllocationFree("MachineStates.fire", () -> {
            for (int i = 0; i < OPS; i++) {
                m.fire(i & 4095, i & 1);
            }
        });
    }

    @Test
    void mappersAllocateNothingForKnownKeys() {
        KeySlots<String> keys = new KeySlots<>();
        String[] names = {"a.b()V", "a.c()V", "a.d()V"};
        ThreadSlots threads = new ThreadSlots();
        ClassSlots classes = new ClassSlots();
        InstanceStates instances = new InstanceStates(MachineStatesTest.STATIONARY);
        Object[] objects = {new Object(), new Object(), new Object()};
        CallingContexts cct = new CallingContexts();
        LongTable table = new LongTable("count", "nanos");
        Counters sink = new Counters();
        assertAllocationFree("KeySlots.slot", () -> {
            for (int i = 0; i < OPS; i++) {
                sink.inc(keys.slot(names[i % 3]));
            }
        });
        assertAllocationFree("ThreadSlots.slot and ClassSlots.slot", () -> {
            for (int i = 0; i < OPS; i++) {
                sink.inc(threads.slot() + classes.slot(String.class));
            }
        });
        assertAllocationFree("InstanceStates.fire", () -> {
            for (int i = 0; i < OPS; i++) {
                instances.fire(objects[i % 3], i & 7, 1);
            }
        });
        assertAllocationFree("CallingContexts.enter/exit", () -> {
            for (int i = 0; i < OPS; i++) {
                cct.enter(i & 15);
                cct.enter(100);
                cct.exit();
                cct.exit();
            }
        });
        assertAllocationFree("LongTable.addPair", () -> {
            for (int i = 0; i < OPS; i++) {
                table.addPair(i & 255, 1, 5);
            }
        });
    }
}
