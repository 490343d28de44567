package io.taper.runtime.state;

/**
 * A per-thread mapper: each thread gets its own slot on first use, so per-thread state (a counter, a
 * table row) is never contended by other threads. The slot lives in a {@link ThreadLocal}
 * ({@code java.lang.Thread*} is never woven), so lookups after the first allocate nothing. A slot
 * outlives its thread: its row stays in the results. The row key is {@code "name#id"} at first use.
 */
public final class ThreadSlots {

    private final KeySlots<String> names = new KeySlots<>();
    private final ThreadLocal<int[]> slot = new ThreadLocal<>() {
        @Override
        protected int[] initialValue() {
            Thread t = Thread.currentThread();
            return new int[] {names.slot(t.getName() + "#" + t.getId())};
        }
    };

    /** The current thread's slot. */
    public int slot() {
        return slot.get()[0];
    }

    public String key(int slot) {
        return names.key(slot);
    }

    public int size() {
        return names.size();
    }

    public KeySlots<String> keys() {
        return names;
    }
}
