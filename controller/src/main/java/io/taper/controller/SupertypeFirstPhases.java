package io.taper.controller;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Which classes may be retransformed by calls that run at once ({@link RetransformLock#inPhase}): none may be a
 * supertype of another's class. The agent's start-up pass goes phase by phase: first the classes that are supertypes
 * of others, a phase per depth in the type hierarchy (a class in a later phase than each of its supertypes), then all
 * the others in one phase (none of them is a supertype of another, and they are most classes). The controller runs a
 * batch's parts at once only when they are {@linkplain #independent independent}.
 */
public final class SupertypeFirstPhases {

    private SupertypeFirstPhases() {
    }

    /** The phases in order; each keeps the classes' order among themselves, none is empty. */
    public static List<List<Class<?>>> of(List<Class<?>> classes) {
        Set<Class<?>> all = new HashSet<>(classes);
        Set<Class<?>> supertypes = new HashSet<>();
        Set<Class<?>> walked = new HashSet<>();
        for (Class<?> c : classes) {
            markSupertypes(c, all, supertypes, walked);
        }
        Map<Class<?>, Integer> depths = new HashMap<>();
        List<List<Class<?>>> phases = new ArrayList<>();
        List<Class<?>> others = new ArrayList<>();
        for (Class<?> c : classes) {
            if (!supertypes.contains(c)) {
                others.add(c);
                continue;
            }
            int d = depth(c, depths);
            while (phases.size() <= d) {
                phases.add(new ArrayList<>());
            }
            phases.get(d).add(c);
        }
        phases.add(others);
        List<List<Class<?>>> nonEmpty = new ArrayList<>(phases.size());
        for (List<Class<?>> p : phases) {          // a loop, not removeIf(lambda): this runs in premain
            if (!p.isEmpty()) {
                nonEmpty.add(p);
            }
        }
        return nonEmpty;
    }

    /** Adds the proper supertypes of {@code c} that are among {@code all}; types in {@code walked} are done. */
    private static void markSupertypes(Class<?> c, Set<Class<?>> all, Set<Class<?>> supertypes, Set<Class<?>> walked) {
        for (Class<?> t : directSupertypes(c)) {
            if (all.contains(t)) {
                supertypes.add(t);
            }
            if (walked.add(t)) {
                markSupertypes(t, all, supertypes, walked);
            }
        }
    }

    /** Whether no class of one part is a supertype of a class of another part. */
    public static boolean independent(List<List<Class<?>>> parts) {
        Map<Class<?>, Integer> partOf = new HashMap<>();
        for (int p = 0; p < parts.size(); p++) {
            for (Class<?> c : parts.get(p)) {
                partOf.put(c, p);
            }
        }
        Set<Class<?>> seen = new HashSet<>();
        for (int p = 0; p < parts.size(); p++) {
            for (Class<?> c : parts.get(p)) {
                seen.clear();
                if (!supertypesIn(c, p, partOf, seen)) {
                    return false;
                }
            }
        }
        return true;
    }

    /** Whether every proper supertype of {@code c} is in part {@code part} or in none. */
    private static boolean supertypesIn(Class<?> c, int part, Map<Class<?>, Integer> partOf, Set<Class<?>> seen) {
        for (Class<?> t : directSupertypes(c)) {
            if (!seen.add(t)) {
                continue;
            }
            Integer p = partOf.get(t);
            if (p != null && p != part || !supertypesIn(t, part, partOf, seen)) {
                return false;
            }
        }
        return true;
    }

    /** 0 for Object, else one more than its deepest direct supertype's. */
    private static int depth(Class<?> c, Map<Class<?>, Integer> depths) {
        Integer known = depths.get(c);
        if (known != null) {
            return known;
        }
        int d = 0;
        for (Class<?> t : directSupertypes(c)) {
            d = Math.max(d, depth(t, depths) + 1);
        }
        depths.put(c, d);
        return d;
    }

    /**
     * The superclass (none for Object) and the interfaces. An interface's superclass is Object, as in its class file,
     * although reflection says it has none.
     */
    private static List<Class<?>> directSupertypes(Class<?> c) {
        Class<?>[] interfaces = c.getInterfaces();
        List<Class<?>> direct = new ArrayList<>(interfaces.length + 1);
        Class<?> s = c.isInterface() ? Object.class : c.getSuperclass();
        if (s != null) {
            direct.add(s);
        }
        for (Class<?> i : interfaces) {
            direct.add(i);
        }
        return direct;
    }
}
