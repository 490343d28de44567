package io.taper.testing;

import java.io.IOException;
import java.io.InputStream;

/**
 * Runs a woven class in the test's own JVM: its original class file read as its loader has it, and the woven bytes
 * defined in a loader of their own and called on a thread of a given name, so that per-thread state (counters) can be
 * told from the test's.
 */
public final class WovenClassRun {

    private WovenClassRun() {
    }

    /** The class file of a compiled class, as its loader has it. */
    public static byte[] bytesOf(Class<?> c) throws IOException {
        try (InputStream in = c.getResourceAsStream("/" + c.getName().replace('.', '/') + ".class")) {
            if (in == null) {
                throw new IOException("no class file for " + c.getName());
            }
            return in.readAllBytes();
        }
    }

    /**
     * Defines {@code className} from {@code woven} in a child of the test's loader and calls its static method on a
     * new thread named {@code thread}, waiting for it.
     *
     * @return what the method returned
     * @throws AssertionError with what the call threw, if it threw
     */
    public static Object callOnThread(String className, byte[] woven, String thread, String method,
                                      Class<?>[] parameterTypes, Object... args) throws InterruptedException {
        ClassLoader loader = new ClassLoader(WovenClassRun.class.getClassLoader()) {
            @Override
            protected Class<?> loadClass(String n, boolean resolve) throws ClassNotFoundException {
                if (n.equals(className)) {
                    synchronized (getClassLoadingLock(n)) {
                        Class<?> c = findLoadedClass(n);
                        return c != null ? c : defineClass(n, woven, 0, woven.length);
                    }
                }
                return super.loadClass(n, resolve);
            }
        };
        Object[] result = new Object[1];
        Throwable[] failure = new Throwable[1];
        Thread runner = new Thread(() -> {
            try {
                result[0] = loader.loadClass(className).getMethod(method, parameterTypes).invoke(null, args);
            } catch (Throwable e) {
                failure[0] = e;
            }
        }, thread);
        runner.start();
        runner.join();
        if (failure[0] != null) {
            throw new AssertionError(failure[0]);
        }
        return result[0];
    }
}
