package io.taper.analysis.sfa.internal;

import io.taper.runtime.state.TerminalSlots;
import java.util.Arrays;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The per-field state: one slot per symbolic field reference (owner, name, descriptor) seen at a site,
 * holding monotonic bits: accessed, written, written outside the owning instance's constructor,
 * non-stationary. The first access also records the owner's {@code Class} (weakly), so rows can name
 * the declaring class and its modifiers at the end without reflection during the run.
 *
 * <p>This code runs inside snippets, anywhere in the JDK: it uses only plain arrays, volatile fields,
 * locks and {@link ConcurrentHashMap} — no {@code VarHandle}-based atomics, lambdas or indy string
 * concatenation, whose first use links {@code java.lang.invoke} code and loads classes there.
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
    /**
     * The field's own class writes it only fresh, and no other class can write it (a fresh-settled write site
     * of it was registered, see {@code FreshWriteMarker}): no write of any instance can follow a read, so its
     * reads have nothing to record but the access itself.
     */
    public static final int SETTLED = 1 << 6;

    // Replaced, not cleared, by clear(): a map keeps the table it grew to.
    private volatile ConcurrentHashMap<String, FieldState> byKey = new ConcurrentHashMap<>();
    private volatile ConcurrentHashMap<String, Integer> members = new ConcurrentHashMap<>();
    private volatile ConcurrentHashMap<String, FieldGroup> groups = new ConcurrentHashMap<>();
    private volatile FieldState[] slots = new FieldState[64];
    private volatile int size;

    /** A site can be removed once these bits are set: one view per bit, for {@code SiteRegistry.bind}. */
    public final TerminalSlots nonStationary = new BitTest(NON_STATIONARY);
    public final TerminalSlots writtenOutsideConstructor = new BitTest(WRITTEN_OUTSIDE_CONSTRUCTOR);
    public final TerminalSlots written = new BitTest(WRITTEN);
    /** Accessed with a receiver (the owner's class is recorded then). */
    public final TerminalSlots classRecorded = new BitTest(CLASS_RECORDED);
    /** What a read site can still change: nothing once the field is non-stationary, or settled and recorded. */
    public final TerminalSlots readsDone = new TerminalSlots() {
        @Override
        public boolean isTerminal(int slot) {
            int s = get(slot).bits();
            return (s & NON_STATIONARY) != 0 || (s & (SETTLED | CLASS_RECORDED)) == (SETTLED | CLASS_RECORDED);
        }
    };

    /** The state of this field reference, created on first sight. */
    FieldState field(String owner, String name, String desc, boolean finalHint) {
        String key = owner + '.' + name + ':' + desc;
        FieldState f = byKey.get(key);
        if (f == null) {
            f = create(key, owner, name, desc);
        }
        if (finalHint && (f.bits() & FINAL_HINT) == 0) {
            f.set(FINAL_HINT);
        }
        return f;
    }

    private synchronized FieldState create(String key, String owner, String name, String desc) {
        FieldState f = byKey.get(key);
        if (f != null) {
            return f;
        }
        String nameAndDesc = name + ':' + desc;
        Integer member = members.get(nameAndDesc);
        if (member == null) {
            member = members.size();
            members.put(nameAndDesc, member);
        }
        int slot = size;
        f = new FieldState(slot, new FieldRef(owner, name, desc, member));
        FieldState[] s = slots;
        if (slot == s.length) {
            s = Arrays.copyOf(s, slot * 2);
        }
        s[slot] = f;
        slots = s;                 // volatile writes publish the slot before the size that covers it
        size = slot + 1;
        byKey.put(key, f);
        return f;
    }

    /**
     * Puts the reference into the group of its declared field ({@code declaring}'s field of that name and
     * descriptor): classes of the same name from different loaders are different fields here.
     */
    void join(FieldState f, Class<?> declaring) {
        if (f.group() != null) {
            return;
        }
        String key = declaring.getName() + '@' + System.identityHashCode(declaring) + '.' + f.ref.name + ':'
            + f.ref.desc;
        FieldGroup g = groups.get(key);
        if (g == null) {
            FieldGroup created = new FieldGroup();
            g = groups.putIfAbsent(key, created);
            if (g == null) {
                g = created;
            }
        }
        g.join(f);
    }

    /**
     * Forgets every field, as when new: after a detach, the next session's sites map their fields again, from slot
     * zero, and none of this session's verdicts may reach them.
     */
    synchronized void clear() {
        size = 0;                 // first: a reader that sees it asks for no slot of the old table
        slots = new FieldState[64];
        byKey = new ConcurrentHashMap<>();
        members = new ConcurrentHashMap<>();
        groups = new ConcurrentHashMap<>();
    }

    /** Number of slots; slots are {@code 0 .. size()-1}. */
    public int size() {
        return size;
    }

    /** The field in this slot. */
    FieldState get(int slot) {
        int n = size;             // read before slots: see create
        if (slot < 0 || slot >= n) {
            throw new IndexOutOfBoundsException("slot " + slot + " of " + n);
        }
        return slots[slot];
    }

    /** The bits of the field in this slot. */
    public int state(int slot) {
        return get(slot).bits();
    }

    /** The bytes of the table: a field's state, its reference and its three map entries, ~256 bytes each. */
    public long bytes() {
        return 4L * slots.length + 256L * byKey.size() + 96L * groups.size();
    }

    private final class BitTest implements TerminalSlots {
        private final int bit;

        BitTest(int bit) {
            this.bit = bit;
        }

        @Override
        public boolean isTerminal(int slot) {
            return (get(slot).bits() & bit) != 0;
        }
    }
}
