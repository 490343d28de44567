package io.taper.runtime.state;

/**
 * Reads a thread's id from its field rather than through {@code getId()}: a program's Thread subclass
 * may override {@code getId()} (not final before Java 19), and woven code must not run inside the
 * bypass's own lookup. {@code UNSAFE} is null where the field cannot be read, and also while this
 * class initialises: its initialisation runs woven JDK code, whose snippets come back here.
 */
final class ThreadIds {

    private ThreadIds() {
    }

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
