package io.taper.runtime.state;

import java.lang.ref.WeakReference;

/**
 * A {@link ThreadLocal} with a lock-free front: {@link #current()} first looks in a small table indexed
 * by the thread's id (its identity hash where the id cannot be read), and only on a miss goes through the
 * thread-local map (whose value it then caches).
 *
 * <p>Why: snippets look up per-thread state (the bypass flag, a shadow stack) at every event, and
 * {@code ThreadLocal.get()} is a hash probe in a map that the observed program fills with its own
 * entries; on field-access sites it was a third of the instrumented run. The front costs a field load, an
 * array load and a compare. Two live threads whose ids collide only take turns in the slot; a finished
 * thread's value stays until another thread takes its slot (values are small holders).
 *
 * <p>The cached value is the one the thread had when it was cached: {@link #set} and {@link #remove}
 * on the same thread update the slot, so within a thread the two views never disagree. Values should
 * be mutable holders, as in every use here.
 */
public class IndexedThreadLocal<T> extends ThreadLocal<T> {

    private static final int SLOTS = 1024;

    /** A cached value: the thread's id (-1 where ids cannot be read) and the thread, weakly. */
    private static final class Slot<T> extends WeakReference<Thread> {
        final long id;
        final T value;

        Slot(Thread thread, long id, T value) {
            super(thread);
            this.id = id;
            this.value = value;
        }
    }

    @SuppressWarnings("unchecked")
    private final Slot<T>[] slots = (Slot<T>[]) new Slot<?>[SLOTS];

    /**
     * The calling thread's value, as {@link #get()} returns it. Ids are never reused within a run, so an
     * equal id is the same thread; comparing it avoids a call to {@link WeakReference#refersTo}, which
     * was as slow as the map probe this front replaces.
     */
    public final T current() {
        Thread t = Thread.currentThread();
        sun.misc.Unsafe unsafe = ThreadIds.UNSAFE;
        if (unsafe != null) {
            long id = unsafe.getLong(t, ThreadIds.OFFSET);
            Slot<T> s = slots[(int) id & (SLOTS - 1)];
            if (s != null && s.id == id) {
                return s.value;
            }
        } else {
            Slot<T> s = slots[System.identityHashCode(t) & (SLOTS - 1)];
            if (s != null && s.refersTo(t)) {
                return s.value;
            }
        }
        return miss(t);
    }

    private T miss(Thread t) {
        T v = get();
        sun.misc.Unsafe unsafe = ThreadIds.UNSAFE;
        long id = unsafe != null ? unsafe.getLong(t, ThreadIds.OFFSET) : -1;
        int i = (unsafe != null ? (int) id : System.identityHashCode(t)) & (SLOTS - 1);
        slots[i] = new Slot<>(t, id, v);
        return v;
    }

    /**
     * Reads a thread's id from its field rather than through {@code getId()}: a program's Thread subclass
     * may override {@code getId()} (not final before Java 19), and woven code must not run inside the
     * bypass's own lookup. {@code UNSAFE} is null where the field cannot be read, and also while this
     * class initialises: its initialisation runs woven JDK code, whose snippets come back here.
     */
    private static final class ThreadIds {
        static final sun.misc.Unsafe UNSAFE;
        static final long OFFSET;

        static {
            sun.misc.Unsafe unsafe = null;
            long offset = -1;
            try {
                // From 24 on, sun.misc.Unsafe's field methods print a warning into the program's output.
                if (Runtime.version().feature() < 24) {
                    java.lang.reflect.Field f = sun.misc.Unsafe.class.getDeclaredField("theUnsafe");
                    f.setAccessible(true);
                    java.lang.reflect.Field tid = Thread.class.getDeclaredField("tid");
                    if (tid.getType() == long.class) {
                        unsafe = (sun.misc.Unsafe) f.get(null);
                        offset = unsafe.objectFieldOffset(tid);
                    }
                }
            } catch (Throwable e) {
                unsafe = null;        // no such field, no jdk.unsupported: the identity hash
            }
            UNSAFE = unsafe;
            OFFSET = offset;
        }
    }

    @Override
    public void set(T value) {
        super.set(value);
        forget();
    }

    @Override
    public void remove() {
        super.remove();
        forget();
    }

    private void forget() {
        Thread t = Thread.currentThread();
        for (int i = 0; i < SLOTS; i++) {      // rare: set() and remove() are not on any hot path
            Slot<T> s = slots[i];
            if (s != null && s.refersTo(t)) {
                slots[i] = null;
            }
        }
    }
}
