package io.taper.runtime.state;

/**
 * A per-thread-group mapper: each group of threads ({@link ThreadGroups#groupOf}: names that differ only
 * by numbers) gets its own slot on first use, so the rows stay bounded in a program that starts a thread
 * per task. The slot lives in a {@link ThreadLocal} ({@code java.lang.Thread*} is never woven), so lookups
 * after the first allocate nothing. Threads of one group share its slot: stores that threads update
 * concurrently (the runtime's counters, tables) stay exact. Past {@link ThreadGroups#MAX_GROUPS} groups, the
 * further ones share {@link ThreadGroups#OTHER}.
 */
public final class ThreadSlots {

    private final KeySlots<String> names = new KeySlots<>();
    private final ThreadLocal<int[]> slot = new ThreadLocal<>() {
        @Override
        protected int[] initialValue() {
            return new int[] {slotOf(Thread.currentThread().getName())};
        }
    };

    /** The current thread's slot. */
    public int slot() {
        return slot.get()[0];
    }

    /** The slot of the group of threads with this name. */
    int slotOf(String threadName) {
        String group = ThreadGroups.groupOf(threadName);
        int known = names.find(group);
        if (known >= 0) {
            return known;
        }
        return names.slot(ThreadGroups.newGroup(group, names.size()));
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
