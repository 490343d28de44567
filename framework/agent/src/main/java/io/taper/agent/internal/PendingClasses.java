package io.taper.agent.internal;

import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * Classes that could not go to the server when they were loaded (the loading thread was the agent
 * itself, or every connection was busy), to be retransformed later. Held weakly: a queued class whose
 * loader is collected meanwhile is simply dropped. Adding allocates two small objects and takes no lock
 * that class loading could need.
 */
final class PendingClasses {

    /** A queued load: the class itself when the JVM gave it (retransformation), else loader + name. */
    static final class Entry {
        final WeakReference<ClassLoader> loader; // null for the bootstrap loader
        final String internalName;
        final WeakReference<Class<?>> type;      // null for a first load (the Class does not exist yet)

        Entry(ClassLoader loader, String internalName, Class<?> type) {
            this.loader = loader == null ? null : new WeakReference<>(loader);
            this.internalName = internalName;
            this.type = type == null ? null : new WeakReference<>(type);
        }
    }

    private final Object lock = new Object();
    private ArrayList<Entry> entries = new ArrayList<>();

    void add(ClassLoader loader, String internalName, Class<?> type) {
        Entry e = new Entry(loader, internalName, type);
        synchronized (lock) {
            entries.add(e);
            lock.notifyAll();
        }
    }

    /** Waits up to {@code millis} for at least one entry, then takes them all (possibly none). */
    List<Entry> awaitAndDrain(long millis) throws InterruptedException {
        synchronized (lock) {
            if (entries.isEmpty()) {
                lock.wait(millis);
            }
            return drainLocked();
        }
    }

    List<Entry> drain() {
        synchronized (lock) {
            return drainLocked();
        }
    }

    private List<Entry> drainLocked() {
        List<Entry> taken = entries;
        entries = new ArrayList<>();
        return taken;
    }

    /**
     * The queued classes that still exist, each once. Entries without a Class object are found among
     * {@code loaded} by name and defining loader.
     *
     * @param dropped receives the number of entries that matched no loaded class
     */
    static List<Class<?>> resolve(List<Entry> queued, Class<?>[] loaded, long[] dropped) {
        Map<String, List<Entry>> byName = new java.util.HashMap<>();
        Map<Class<?>, Boolean> found = new IdentityHashMap<>();
        int unresolved = 0;
        for (Entry e : queued) {
            Class<?> c = e.type == null ? null : e.type.get();
            if (c != null) {
                found.put(c, Boolean.TRUE);
            } else if (e.type == null) {
                String name = e.internalName.replace('/', '.');
                List<Entry> same = byName.get(name);
                if (same == null) {
                    same = new ArrayList<>(1);
                    byName.put(name, same);
                }
                same.add(e);
                unresolved++;
            } else {
                dropped[0]++; // the class was unloaded
            }
        }
        if (unresolved > 0 && loaded != null) {
            for (Class<?> c : loaded) {
                List<Entry> want = byName.get(c.getName());
                if (want == null) {
                    continue;
                }
                ClassLoader l = c.getClassLoader();
                for (java.util.Iterator<Entry> it = want.iterator(); it.hasNext(); ) {
                    Entry e = it.next();
                    if ((e.loader == null && l == null) || (e.loader != null && e.loader.get() == l && l != null)) {
                        found.put(c, Boolean.TRUE);
                        it.remove();
                    }
                }
            }
            for (List<Entry> left : byName.values()) {
                dropped[0] += left.size();
            }
        }
        return new ArrayList<>(found.keySet());
    }
}
