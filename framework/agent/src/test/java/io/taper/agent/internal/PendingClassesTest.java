package io.taper.agent.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

class PendingClassesTest {

    @Test
    void resolvesByClassObjectOrByNameAndDefiningLoaderEachOnce() throws Exception {
        PendingClasses p = new PendingClasses();
        ClassLoader app = getClass().getClassLoader();
        p.add(null, "java/util/TreeMap", null);                 // first load by the boot loader
        p.add(null, "java/util/TreeMap", TreeMap.class);        // and a retransformation of it
        p.add(app, "io/taper/agent/internal/PendingClassesTest", null);
        p.add(app, "java/util/TreeMap", null);                  // wrong loader: TreeMap is the boot loader's
        p.add(null, "no/such/Clazz", null);
        long[] dropped = new long[1];
        Class<?>[] loaded = {String.class, TreeMap.class, PendingClassesTest.class};
        List<Class<?>> found = PendingClasses.resolve(p.drain(), loaded, dropped);
        assertEquals(Set.of(TreeMap.class, PendingClassesTest.class), Set.copyOf(found));
        assertEquals(2, found.size());
        assertEquals(2, dropped[0], "the wrong-loader entry and the class that does not exist");
        assertEquals(List.of(), p.drain());
    }
}
