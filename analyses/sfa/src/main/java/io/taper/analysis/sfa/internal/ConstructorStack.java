package io.taper.analysis.sfa.internal;

import io.taper.runtime.state.IndexedThreadLocal;
import java.util.Arrays;

/**
 * Per thread, the objects whose constructors are running, innermost last: a constructor pushes
 * {@code this} right after its {@code super()}/{@code this()} call returns (the first point where
 * {@code this} is initialised) and pops it when it exits, normally or by an exception.
 *
 * <p>Between a constructor's entry and its push only the super constructors run, and they push the
 * same object themselves once {@code Object.<init>} has returned; before that the object cannot be the
 * receiver of anything but a {@code putfield} on the uninitialised {@code this}, which is a constructor
 * write by definition. So "the object is on this stack" is exactly "the write happens while the
 * object's constructor (or a method it calls) runs on this thread".
 */
public final class ConstructorStack {

    /** Read marks of final fields buffered per thread before they spill into the shared map. */
    static final int MARKS = 32;

    static final class Frames {
        Object[] objects = new Object[16];
        int depth;
        /**
         * Read marks of declared-final fields made while their objects were being built on this thread
         * (object, member), most recent last. A final field is only ever written by its own class's
         * constructor, on the thread building the object, so these marks can only matter to writes made
         * while the object is still being built here: the buffer is dropped at the next outermost
         * construction of another object (the thread is done building the buffered ones; between two
         * constructor levels of one object nothing else is built), and spills into the shared map when
         * full. This keeps the shared map out of the way of the many short-lived objects whose
         * constructors read their own final fields (iterators reading their outer instance, say).
         */
        final Object[] markedObjects = new Object[MARKS];
        final int[] markedMembers = new int[MARKS];
        int marks;

        boolean hasMark(Object o, int member) {
            for (int i = marks - 1; i >= 0; i--) {
                if (markedObjects[i] == o && markedMembers[i] == member) {
                    return true;
                }
            }
            return false;
        }

        /** Buffers the mark; false if the buffer is full (spill it first). */
        boolean addMark(Object o, int member) {
            if (hasMark(o, member)) {
                return true;
            }
            if (marks == MARKS) {
                return false;
            }
            markedObjects[marks] = o;
            markedMembers[marks++] = member;
            return true;
        }

        void clearMarks() {
            Arrays.fill(markedObjects, 0, marks, null);
            marks = 0;
        }

        private boolean marksObject(Object o) {
            for (int i = 0; i < marks; i++) {
                if (markedObjects[i] == o) {
                    return true;
                }
            }
            return false;
        }
    }

    // A subclass rather than withInitial(lambda): no java.lang.invoke bootstrap inside a snippet.
    private static final class PerThread extends IndexedThreadLocal<Frames> {
        @Override
        protected Frames initialValue() {
            return new Frames();
        }
    }

    /**
     * Replaced by {@link #reset}: the frames of every thread go with it. Plain, not volatile: every constructor's
     * snippets read it, and only a constructor still running in its woven form after a detach could see the old one.
     */
    private static PerThread perThread = new PerThread();

    private ConstructorStack() {
    }

    /**
     * A constructor of {@code self} passed its super()/this() call. A null {@code self} (type unknown to
     * the weaver) still takes a frame, so that its pop stays paired; it matches no object.
     */
    public static void push(Object self) {
        Frames f = perThread.current();
        if (f.depth == 0 && f.marks > 0 && !f.marksObject(self)) {
            f.clearMarks();           // an outermost construction of another object: the buffered ones are built
        }
        if (f.depth == f.objects.length) {
            f.objects = Arrays.copyOf(f.objects, f.depth * 2);
        }
        f.objects[f.depth++] = self;
    }

    /**
     * A constructor of {@code self} exits: pops down to, and including, the innermost frame of
     * {@code self}. Frames above it are ones whose exit was not observed (a site removed or failed); if
     * {@code self} is not on the stack nothing is popped. A null {@code self} (the weaver could not tell
     * the type of {@code this} at that exit, e.g. after a jump in a class without stack map frames) pops
     * the innermost frame, which is this constructor's own as long as pushes and pops pair up.
     */
    public static void pop(Object self) {
        Frames f = perThread.current();
        Object[] o = f.objects;
        if (self == null) {
            if (f.depth > 0) {
                o[--f.depth] = null;
            }
            return;
        }
        for (int i = f.depth - 1; i >= 0; i--) {
            if (o[i] == self) {
                Arrays.fill(o, i, f.depth, null);   // no strong reference outlives the constructor
                f.depth = i;
                return;
            }
        }
    }

    /** True if a constructor of {@code o} is running on this thread (never for null). */
    public static boolean contains(Object o) {
        if (o == null) {
            return false;
        }
        Frames f = perThread.current();
        Object[] objects = f.objects;
        for (int i = f.depth - 1; i >= 0; i--) {
            if (objects[i] == o) {
                return true;
            }
        }
        return false;
    }

    /** This thread's frames, with its buffered final-field read marks. */
    static Frames frames() {
        return perThread.current();
    }

    /**
     * Forgets every thread's frames and buffered marks: after a detach no constructor pops what it pushed (its class
     * is restored), and the objects it pushed must not stay reachable, nor count as being built in a later session.
     */
    public static void reset() {
        perThread = new PerThread();
    }

    /** Number of constructor frames on this thread (for tests). */
    public static int depth() {
        return perThread.current().depth;
    }
}
