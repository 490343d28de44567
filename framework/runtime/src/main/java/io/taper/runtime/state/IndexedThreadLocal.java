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
