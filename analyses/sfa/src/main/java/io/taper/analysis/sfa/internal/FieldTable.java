package io.taper.analysis.sfa.internal;

import io.taper.runtime.state.KeySlots;
import io.taper.runtime.state.TerminalTest;
import java.lang.ref.WeakReference;

/**
 * The per-field state: one slot per symbolic field reference (owner, name, descriptor) seen at a site,
 * holding monotonic bits (set, never cleared, by atomic OR, so concurrent events lose nothing):
 * accessed, written, written outside the owning instance's constructor, non-stationary. The first
 * access also records the owner's {@code Class} (weakly), so rows can name the declaring class and its
 * modifiers at the end without reflection during the run.
 */
public final class FieldTable {

    public static final int ACCESSED = 1;
    public static final int WRITTEN = 1 << 1;
    public static final int WRITTEN_OUTSIDE_CONSTRUCTOR = 1 << 2;
    public static final int NON_STATIONARY = 1 << 3;
    /** The owner class was looked up (found or not) at a first access with a receiver. */
    public static final int CLASS_RECORDED = 1 << 4;
    /** Some site's static context said the field is declared final. */
    public static final int FINAL_HINT = 1 << 5;

    private final KeySlots<String> keys = new KeySlots<>();
    private final KeySlots<String> members = new KeySlots<>();
    private final IntColumn states = new IntColumn();
    private final IntColumn memberOf = new IntColumn();
    private final RefColumn<FieldRef> refs = new RefColumn<>();
    private final RefColumn<WeakReference<Class<?>>> classes = new RefColumn<>();

    /** A site can be removed once these bits are set: one view per bit, for {@code SiteRegistry.bind}. */
    public final TerminalTest nonStationary = new BitTest(NON_STATIONARY);
    public final TerminalTest writtenOutsideConstructor = new BitTest(WRITTEN_OUTSIDE_CONSTRUCTOR);
    public final TerminalTest written = new BitTest(WRITTEN);

    /** The slot of this field reference, created on first sight. */
    public int slot(String owner, String name, String desc, boolean finalHint) {
        String key = owner + '.' + name + ':' + desc;
        int f = keys.find(key);
        if (f < 0) {
            f = create(key, owner, name, desc);
        }
        if (finalHint) {
            states.setBits(f, FINAL_HINT);
        }
        return f;
    }

    private synchronized int create(String key, String owner, String name, String desc) {
        int f = keys.find(key);
        if (f >= 0) {
            return f;
        }
        int member = members.slot(name + ':' + desc);
        f = keys.size();
        // Everything about the slot is stored before the key becomes findable: a reader that found the
        // slot (through a site mapping published after this returns) sees a complete row.
        refs.set(f, new FieldRef(owner, name, desc, member));
        memberOf.set(f, member);
        if (keys.slot(key) != f) {
            throw new IllegalStateException("field slots out of step for " + key);
        }
        return f;
    }

    public int state(int field) {
        return states.get(field);
    }

    public int member(int field) {
        return memberOf.get(field);
    }

    /** Sets bits; returns the state before. */
    public int set(int field, int bits) {
        return states.setBits(field, bits);
    }

    FieldRef ref(int field) {
        return refs.get(field);
    }

    /** Number of slots; slots are {@code 0 .. size()-1}. */
    public int size() {
        return keys.size();
    }

    /**
     * First access with a receiver: finds the symbolic owner among the receiver's class and super
     * classes (no class loading: they are loaded) and keeps it weakly for the rows.
     */
    void recordOwner(int field, Object receiver) {
        FieldRef ref = refs.get(field);
        String name = ref.ownerBinaryName();
        for (Class<?> c = receiver.getClass(); c != null; c = c.getSuperclass()) {
            if (c.getName().equals(name)) {
                classes.setIfNull(field, new WeakReference<Class<?>>(c));
                break;
            }
        }
        states.setBits(field, ACCESSED | CLASS_RECORDED);
    }

    /** The owner class recorded at the first access, or null (never accessed with a receiver, or unloaded). */
    Class<?> ownerClass(int field) {
        WeakReference<Class<?>> r = classes.get(field);
        return r == null ? null : r.get();
    }

    private final class BitTest implements TerminalTest {
        private final int bit;

        BitTest(int bit) {
            this.bit = bit;
        }

        @Override
        public boolean isTerminal(int slot) {
            return (states.get(slot) & bit) != 0;
        }
    }
}
