package io.taper.agent.internal;

import java.util.Map;
import java.util.WeakHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Holds back the retransformation of a queued class whose static initialiser may be running: HotSpot can crash when a
 * class is redefined while its {@code <clinit>} runs in the interpreter, which then resolves a call of the old code
 * against the redefined class (seen: a {@code SIGSEGV} in {@code InterpreterRuntime::resolve_invoke} under
 * {@code FDBigInteger.<clinit>}, a class the agent's own snapshot thread had loaded and the queue retransformed 50 ms
 * later). A class not initialised yet waits, round after round, until it is, or for {@link #HOLD_MILLIS} at most: a
 * class loaded and never initialised runs no code that a redefinition could disturb.
 */
final class InitialisingClasses {

    /** The longest a class waits for its initialisation before it is retransformed anyway. */
    static final long HOLD_MILLIS = 2_000;

    private static final sun.misc.Unsafe UNSAFE = unsafe();

    /** Each held class and when it was first held. */
    private final Map<Class<?>, long[]> held = new WeakHashMap<>();
    private final AtomicLong classesHeld;

    /** @param classesHeld counts the classes held back at least once */
    InitialisingClasses(AtomicLong classesHeld) {
        this.classesHeld = classesHeld;
    }

    /** Whether to leave the class queued this round; {@code nowMillis} is the caller's clock. */
    synchronized boolean holdBack(Class<?> c, long nowMillis) {
        if (UNSAFE == null || !UNSAFE.shouldBeInitialized(c)) {
            held.remove(c);
            return false;
        }
        long[] since = held.get(c);
        if (since == null) {
            held.put(c, new long[] {nowMillis});
            classesHeld.incrementAndGet();
            return true;
        }
        if (nowMillis - since[0] >= HOLD_MILLIS) {
            held.remove(c);
            return false;
        }
        return true;
    }

    private static sun.misc.Unsafe unsafe() {
        try {
            java.lang.reflect.Field f = sun.misc.Unsafe.class.getDeclaredField("theUnsafe");
            f.setAccessible(true);
            return (sun.misc.Unsafe) f.get(null);
        } catch (ReflectiveOperationException | RuntimeException e) {
            return null;   // every class is retransformed when its turn comes, as without the hold
        }
    }
}
