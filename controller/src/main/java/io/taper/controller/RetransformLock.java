package io.taper.controller;

import java.lang.instrument.Instrumentation;
import java.lang.instrument.UnmodifiableClassException;
import java.util.concurrent.locks.ReentrantReadWriteLock;

/**
 * Every {@code retransformClasses} call Taper makes goes through here. HotSpot parses a class's new version outside
 * the safepoint, reading its supertypes' methods (default methods are computed then), and calls at once on several
 * threads crash the JVM there now and then ({@code DefaultMethods::generate_default_methods}), as when one call
 * redefines a supertype of a class that another call is parsing. So calls are exclusive, except those that run side
 * by side with classes that include none of each other's supertypes ({@link SupertypeFirstPhases}), which
 * {@code evaluation/retransform-stress.sh} never saw crash.
 */
public final class RetransformLock {

    private static final ReentrantReadWriteLock LOCK = new ReentrantReadWriteLock();

    private RetransformLock() {
    }

    /** Retransforms the classes while no other call runs. */
    public static void exclusive(Instrumentation inst, Class<?>[] classes) throws UnmodifiableClassException {
        LOCK.writeLock().lock();
        try {
            inst.retransformClasses(classes);
        } finally {
            LOCK.writeLock().unlock();
        }
    }

    /**
     * Retransforms the classes alongside other calls of this method only. The callers guarantee that no class of one
     * call is a supertype of a class of another that may run at the same time.
     */
    public static void inPhase(Instrumentation inst, Class<?>[] classes) throws UnmodifiableClassException {
        LOCK.readLock().lock();
        try {
            inst.retransformClasses(classes);
        } finally {
            LOCK.readLock().unlock();
        }
    }
}
