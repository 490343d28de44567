package io.taper.runtime.state;

import java.lang.ref.ReferenceQueue;
import java.lang.ref.WeakReference;

/**
 * A per-instance mapper with a {@link StateMachine} per (object, column): e.g. per field of every
 * observed object. Objects are keyed by identity and held weakly: the table never keeps an observed
 * object alive, and the entry of a collected object is dropped on a later insert into its segment.
 *
 * <p>The table is split into segments with one lock each. Updating a known (object, column) takes the
 * segment lock and allocates nothing; the first event for an object allocates its entry.
 * Per-instance slots cannot be enumerated into result rows (their objects are gone); an analysis
 * summarises them into per-class slots from the state {@link #fire} returns.
 */
public final class InstanceStates {

    private static final int SEGMENTS = 64;

    private final StateMachine machine;
    private final Segment[] segments = new Segment[SEGMENTS];

    public InstanceStates(StateMachine machine) {
        this.machine = machine;
        for (int i = 0; i < SEGMENTS; i++) {
            segments[i] = new Segment();
        }
    }

    public StateMachine machine() {
        return machine;
    }

    /** Applies one event to the object's state for this column; returns the state afterwards. */
    public int fire(Object instance, int column, int event) {
        int h = hash(instance);
        Segment s = segments[h & (SEGMENTS - 1)];
        synchronized (s) {
            Entry e = s.find(instance, h);
            if (e == null) {
                e = s.insert(instance, h);
            }
            int i = e.indexOf(column);
            if (i < 0) {
                i = e.add(column, machine.initial());
            }
            int state = e.states[i];
            if (!machine.isTerminal(state)) {
                state = machine.next(state, event);
                e.states[i] = state;
            }
            return state;
        }
    }

    /** The object's state for this column ({@link StateMachine#initial()} if never touched). */
    public int get(Object instance, int column) {
        int h = hash(instance);
        Segment s = segments[h & (SEGMENTS - 1)];
        synchronized (s) {
            Entry e = s.find(instance, h);
            int i = e == null ? -1 : e.indexOf(column);
            return i < 0 ? machine.initial() : e.states[i];
        }
    }

    /** Number of objects with an entry, after dropping the entries of collected objects. */
    public int liveInstances() {
        int n = 0;
        for (Segment s : segments) {
            synchronized (s) {
                s.expunge();
                n += s.count;
            }
        }
        return n;
    }

    private static int hash(Object o) {
        int h = System.identityHashCode(o);
        return h ^ (h >>> 16);
    }

    /** One object's states: parallel arrays of columns and states, searched linearly (objects have few). */
    private static final class Entry extends WeakReference<Object> {
        final int hash;
        Entry next;
        int[] columns = new int[2];
        int[] states = new int[2];
        int n;

        Entry(Object referent, int hash, ReferenceQueue<Object> queue, Entry next) {
            super(referent, queue);
            this.hash = hash;
            this.next = next;
        }

        int indexOf(int column) {
            for (int i = 0; i < n; i++) {
                if (columns[i] == column) {
                    return i;
                }
            }
            return -1;
        }

        int add(int column, int state) {
            if (n == columns.length) {
                columns = java.util.Arrays.copyOf(columns, n * 2);
                states = java.util.Arrays.copyOf(states, n * 2);
            }
            columns[n] = column;
            states[n] = state;
            return n++;
        }
    }

    /** A chained hash table of weak entries; every method runs with the segment locked. */
    private static final class Segment {
        final ReferenceQueue<Object> queue = new ReferenceQueue<>();
        Entry[] table = new Entry[16];
        int count;

        Entry find(Object o, int h) {
            for (Entry e = table[index(h, table.length)]; e != null; e = e.next) {
                if (e.hash == h && e.get() == o) {
                    return e;
                }
            }
            return null;
        }

        Entry insert(Object o, int h) {
            expunge();
            if (count >= table.length * 3 / 4) {
                resize();
            }
            int i = index(h, table.length);
            Entry e = new Entry(o, h, queue, table[i]);
            table[i] = e;
            count++;
            return e;
        }

        void expunge() {
            for (Object r; (r = queue.poll()) != null; ) {
                Entry dead = (Entry) r;
                int i = index(dead.hash, table.length);
                Entry prev = null;
                for (Entry e = table[i]; e != null; prev = e, e = e.next) {
                    if (e == dead) {
                        if (prev == null) {
                            table[i] = e.next;
                        } else {
                            prev.next = e.next;
                        }
                        count--;
                        break;
                    }
                }
            }
        }

        private void resize() {
            Entry[] old = table;
            Entry[] t = new Entry[old.length * 2];
            for (Entry head : old) {
                for (Entry e = head; e != null; ) {
                    Entry next = e.next;
                    int i = index(e.hash, t.length);
                    e.next = t[i];
                    t[i] = e;
                    e = next;
                }
            }
            table = t;
        }

        private static int index(int h, int length) {
            // The low bits chose the segment; use the bits above them inside it.
            return (h >>> 6) & (length - 1);
        }
    }
}
