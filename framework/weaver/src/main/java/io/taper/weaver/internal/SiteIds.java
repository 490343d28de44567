package io.taper.weaver.internal;

import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Allocates site ids, stable per (loader tag, class, method + descriptor, location, snippet group) for
 * the life of one weaver. Thread-safe: classes are independent, and one class is locked while its ids
 * are looked up. Ids start at 1.
 */
public final class SiteIds {

    private final AtomicInteger next = new AtomicInteger(1);
    private final ConcurrentHashMap<String, ClassSites> classes = new ConcurrentHashMap<>();

    /** The id table of one class (lock it while allocating). */
    public ClassSites forClass(int loaderTag, String className) {
        return classes.computeIfAbsent(loaderTag + ":" + className, k -> new ClassSites(next));
    }

    public int allocated() {
        return next.get() - 1;
    }

    /** Site ids of one class, by method. */
    public static final class ClassSites {

        private final AtomicInteger next;
        private final Map<String, LongIntHashMap> methods = new HashMap<>();

        ClassSites(AtomicInteger next) {
            this.next = next;
        }

        /** Per-method table; key with {@link #id}. Call while holding this object's lock. */
        LongIntHashMap method(String nameAndDesc) {
            return methods.computeIfAbsent(nameAndDesc, k -> new LongIntHashMap());
        }

        /** The id for (location, group) in a method's table, allocated on first request. */
        int id(LongIntHashMap method, int location, int groupIndex) {
            long key = ((long) groupIndex << 32) | ((location + 1) & 0xFFFFFFFFL);
            int id = method.get(key);
            if (id < 0) {
                id = next.getAndIncrement();
                method.put(key, id);
            }
            return id;
        }
    }
}
