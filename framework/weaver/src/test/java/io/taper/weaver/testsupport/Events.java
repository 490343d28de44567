package io.taper.weaver.testsupport;

import java.util.ArrayList;
import java.util.List;

/** The test runtime: test snippets append events here; the forked runner prints them per target. */
public final class Events {

    private static final List<String> LOG = new ArrayList<>();
    private static final java.util.TreeSet<Integer> OPCODES = new java.util.TreeSet<>();
    private static long ticks;
    /** Woven code the bypass test calls from inside a snippet. */
    public static volatile Runnable callback;

    private Events() {
    }

    public static synchronized void record(String event) {
        LOG.add(event);
    }

    /** A deterministic "timestamp" for synthetic-local tests. */
    public static synchronized long tick() {
        return ++ticks;
    }

    /** Instruction-level snippets record opcodes here (an event per instruction would be too many). */
    public static synchronized void opcode(int opcode) {
        OPCODES.add(opcode);
    }

    public static synchronized java.util.Set<Integer> drainOpcodes() {
        java.util.Set<Integer> out = new java.util.TreeSet<>(OPCODES);
        OPCODES.clear();
        return out;
    }

    public static synchronized List<String> drain() {
        List<String> out = new ArrayList<>(LOG);
        LOG.clear();
        ticks = 0;
        return out;
    }

    /** Short, stable rendering of a value: class simple names for objects, the value for boxes and strings. */
    public static String simpleName(String internalName) {
        return internalName.substring(internalName.lastIndexOf('/') + 1);
    }

    public static String show(Object o) {
        if (o == null) {
            return "null";
        }
        if (o instanceof String || o instanceof Number || o instanceof Boolean || o instanceof Character) {
            return String.valueOf(o);
        }
        if (o instanceof Throwable t) {
            return t.getClass().getSimpleName() + "(" + t.getMessage() + ")";
        }
        String n = o.getClass().getName();
        if (n.contains("$$Lambda")) {
            return "lambda";
        }
        return n.substring(n.lastIndexOf('.') + 1);
    }
}
