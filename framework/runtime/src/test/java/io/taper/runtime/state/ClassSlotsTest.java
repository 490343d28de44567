package io.taper.runtime.state;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.InputStream;
import java.lang.ref.WeakReference;
import org.junit.jupiter.api.Test;

class ClassSlotsTest {

    /** Loaded again by a throwaway loader to check that a mapped class can still be unloaded. */
    public static final class Probe {
    }

    @Test
    void mapsClassesToStableSlotsNamedByBinaryName() {
        ClassSlots c = new ClassSlots();
        int s = c.slot(String.class);
        int i = c.slot(Integer.class);
        assertNotEquals(s, i);
        assertEquals(s, c.slot(String.class));
        assertEquals("java.lang.String", c.key(s));
        assertEquals("java.lang.Integer", c.key(i));
        assertEquals(2, c.size());
    }

    @Test
    void aMappedClassAndItsLoaderCanBeCollected() throws Exception {
        ClassSlots c = new ClassSlots();
        WeakReference<Class<?>> ref = mapProbeFromThrowawayLoader(c);
        for (int i = 0; i < 50 && ref.get() != null; i++) {
            System.gc();
            Thread.sleep(20);
        }
        assertNull(ref.get(), "the mapper kept the class alive");
        assertEquals(1, c.size());
        assertEquals(Probe.class.getName(), c.key(0));
    }

    private static WeakReference<Class<?>> mapProbeFromThrowawayLoader(ClassSlots c) throws Exception {
        String resource = Probe.class.getName().replace('.', '/') + ".class";
        byte[] bytes;
        try (InputStream in = ClassSlotsTest.class.getClassLoader().getResourceAsStream(resource)) {
            bytes = in.readAllBytes();
        }
        ClassLoader throwaway = new ClassLoader(null) {
            @Override
            protected Class<?> findClass(String name) {
                return defineClass(name, bytes, 0, bytes.length);
            }
        };
        Class<?> probe = throwaway.loadClass(Probe.class.getName());
        assertNotEquals(Probe.class, probe);
        assertEquals(0, c.slot(probe));
        return new WeakReference<>(probe);
    }
}
