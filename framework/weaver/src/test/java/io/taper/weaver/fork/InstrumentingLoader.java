package io.taper.weaver.fork;

import io.taper.weaver.Deployment;
import io.taper.weaver.WeaveRequest;
import io.taper.weaver.WeaveResult;
import io.taper.weaver.Weaver;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Test-only: loads the validation targets (classes under a package prefix, or hand-assembled bytes)
 * itself, woven, child-first; everything else comes from the parent (the test runtime, prepared snippets).
 */
public final class InstrumentingLoader extends ClassLoader {

    private final Weaver weaver;
    private final String prefix;
    private final Map<String, byte[]> assembled;
    private final Deployment deployment;
    final List<WeaveResult> results = new ArrayList<>();

    public InstrumentingLoader(ClassLoader parent, Weaver weaver, String prefix, Map<String, byte[]> assembled,
                               Deployment deployment) {
        super(parent);
        this.weaver = weaver;
        this.prefix = prefix;
        this.assembled = assembled;
        this.deployment = deployment;
    }

    @Override
    protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
        synchronized (getClassLoadingLock(name)) {
            Class<?> c = findLoadedClass(name);
            if (c == null && (name.startsWith(prefix) || assembled.containsKey(name))) {
                c = defineWoven(name);
            }
            if (c == null) {
                return super.loadClass(name, resolve);
            }
            if (resolve) {
                resolveClass(c);
            }
            return c;
        }
    }

    private Class<?> defineWoven(String name) throws ClassNotFoundException {
        byte[] original = assembled.get(name);
        if (original == null) {
            try (InputStream in = getParent().getResourceAsStream(name.replace('.', '/') + ".class")) {
                if (in == null) {
                    throw new ClassNotFoundException(name);
                }
                original = in.readAllBytes();
            } catch (IOException e) {
                throw new ClassNotFoundException(name, e);
            }
        }
        WeaveResult r = weaver.weave(new WeaveRequest(1, name.replace('.', '/'), original, deployment));
        results.add(r);
        if (r.status() == WeaveResult.Status.FAILED) {
            throw new ClassNotFoundException(name + ": " + r.error());
        }
        byte[] bytes = r.status() == WeaveResult.Status.WOVEN ? r.bytes() : original;
        return defineClass(name, bytes, 0, bytes.length);
    }
}
