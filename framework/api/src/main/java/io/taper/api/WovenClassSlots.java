package io.taper.api;

import java.util.Arrays;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Slot numbers for the classes a {@link ClassTransform} weaves, one per (loader, name, bytes): the same class woven
 * again (a retransformation with the same bytes) keeps its slot, so counters and flags its woven code reaches by slot
 * stay the same, while a class redefined with other bytes gets a new one. Thread-safe; slots count from 0.
 */
public final class WovenClassSlots {

    private record ClassKey(int loaderTag, String name, int length, int hash) {
        // written out: a record's own are bootstrapped through java.lang.invoke at the first call (start-up time)
        @Override
        public boolean equals(Object o) {
            return o instanceof ClassKey k && k.loaderTag == loaderTag && k.length == length && k.hash == hash
                && Objects.equals(k.name, name);
        }

        @Override
        public int hashCode() {
            return (31 * loaderTag + Objects.hashCode(name)) * 31 + hash;
        }
    }

    private final Map<ClassKey, Integer> slots = new ConcurrentHashMap<>();
    private final AtomicInteger next = new AtomicInteger();

    /** The request's class's slot, allocated at its first request. */
    public int of(ClassTransform.Request r) {
        byte[] b = r.bytes();
        return slots.computeIfAbsent(new ClassKey(r.loaderTag(), r.className(), b.length, Arrays.hashCode(b)),
            k -> next.getAndIncrement());
    }
}
