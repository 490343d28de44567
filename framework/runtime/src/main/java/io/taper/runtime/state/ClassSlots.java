package io.taper.runtime.state;

/**
 * A per-class mapper keyed by the {@code Class} object seen at run time (e.g. a receiver's dynamic
 * class), not by a name known at weave time (use {@link KeySlots} for that). The slot is cached in a
 * {@link ClassValue}, so a repeated lookup allocates nothing and the mapping does not keep the class
 * (or its loader) alive; the row key is the class's binary name.
 */
public final class ClassSlots {

    private final KeySlots<String> names = new KeySlots<>();
    private final ClassValue<Integer> slots = new ClassValue<>() {
        @Override
        protected Integer computeValue(Class<?> type) {
            // Two classes with the same name from different loaders share a row: results are per name.
            return names.slot(type.getName());
        }
    };

    public int slot(Class<?> type) {
        return slots.get(type);
    }

    /** The class name shown for this slot. */
    public String key(int slot) {
        return names.key(slot);
    }

    public int size() {
        return names.size();
    }

    /** The name-to-slot mapping, e.g. to build a {@link ResultTable}. */
    public KeySlots<String> keys() {
        return names;
    }
}
