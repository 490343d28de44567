package io.taper.controller;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.Serializable;
import java.net.URI;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.AbstractList;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** Phases of concurrent retransformation: each class after all of its supertypes, never beside one. */
class SupertypeFirstPhasesTest {

    @Test
    void supertypesFollowDepthInTheHierarchyAndKeepTheOrderWithinAPhase() {
        // depths: Object 0, Iterable and Serializable 1 (an interface's superclass is Object), Collection 2,
        // AbstractList 4 (AbstractCollection 3, List 3), ArrayList 5
        List<List<Class<?>>> phases = SupertypeFirstPhases.of(List.of(ArrayList.class, Iterable.class, Object.class,
                AbstractList.class, Serializable.class, Collection.class));
        assertEquals(List.of(List.of(Object.class), List.of(Iterable.class, Serializable.class),
                List.of(Collection.class), List.of(AbstractList.class), List.of(ArrayList.class)), phases);
    }

    @Test
    void classesThatAreNoOthersSupertypeGoLastInOnePhase() {
        // supertypes among them: Object 0, Comparable 1, Number 2 (Serializable 1 is not among them); the rest last
        List<List<Class<?>>> phases = SupertypeFirstPhases.of(List.of(String.class, Object.class, Integer.class,
                Number.class, Comparable.class, ArrayList.class));
        assertEquals(List.of(List.of(Object.class), List.of(Comparable.class), List.of(Number.class),
                List.of(String.class, Integer.class, ArrayList.class)), phases);
    }

    @Test
    void partsAreIndependentWhenNoneHoldsASupertypeOfAnothersClass() {
        assertTrue(SupertypeFirstPhases.independent(List.of(List.of(ArrayList.class), List.of(HashMap.class))));
        assertTrue(SupertypeFirstPhases.independent(
                List.of(List.of(ArrayList.class, AbstractList.class), List.of(HashMap.class))), "related in one part");
        assertFalse(SupertypeFirstPhases.independent(List.of(List.of(ArrayList.class), List.of(AbstractList.class))));
        assertFalse(SupertypeFirstPhases.independent(List.of(List.of(AbstractList.class), List.of(ArrayList.class))));
        assertFalse(SupertypeFirstPhases.independent(List.of(List.of(ArrayList.class), List.of(Collection.class))),
                "a supertype of a supertype");
        assertFalse(SupertypeFirstPhases.independent(List.of(List.of(Comparator.class), List.of(Object.class))),
                "an interface's superclass is Object");
    }

    @Test
    void noPhaseHoldsASupertypeOfItsOwnOrALaterPhasesClasses() throws IOException {
        List<Class<?>> classes = javaBaseClasses("java/util", "java/lang", "java/io", "java/util/concurrent");
        assertTrue(classes.size() > 500, "classes: " + classes.size());
        List<List<Class<?>>> phases = SupertypeFirstPhases.of(classes);
        Map<Class<?>, Integer> phaseOf = new HashMap<>();
        int total = 0;
        for (int p = 0; p < phases.size(); p++) {
            for (Class<?> c : phases.get(p)) {
                phaseOf.put(c, p);
                total++;
            }
        }
        assertEquals(classes.size(), total, "every class in exactly one phase");
        int pairs = 0;
        for (Class<?> sub : classes) {
            for (Class<?> sup : classes) {
                if (sub != sup && sup.isAssignableFrom(sub)) {
                    pairs++;
                    assertTrue(phaseOf.get(sup) < phaseOf.get(sub), sup + " is not before " + sub);
                }
            }
        }
        assertTrue(pairs > 1000, "pairs checked: " + pairs);
    }

    /** The public and package classes of some java.base packages, not initialised. */
    private static List<Class<?>> javaBaseClasses(String... packages) throws IOException {
        List<Class<?>> classes = new ArrayList<>();
        FileSystem jrt = FileSystems.getFileSystem(URI.create("jrt:/"));
        for (String pkg : packages) {
            try (Stream<Path> files = Files.list(jrt.getPath("modules", "java.base", pkg))) {
                for (Path f : (Iterable<Path>) files::iterator) {
                    String name = f.getFileName().toString();
                    if (!name.endsWith(".class") || name.equals("module-info.class")) {
                        continue;
                    }
                    String binary = pkg.replace('/', '.') + "." + name.substring(0, name.length() - 6);
                    try {
                        classes.add(Class.forName(binary, false, null));
                    } catch (ClassNotFoundException | LinkageError e) {
                        // a class this JDK cannot load here: not part of the sample
                    }
                }
            }
        }
        return classes;
    }
}
