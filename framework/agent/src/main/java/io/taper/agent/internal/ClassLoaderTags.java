package io.taper.agent.internal;

import io.taper.controller.LoaderTags;
import java.lang.ref.ReferenceQueue;
import java.lang.ref.WeakReference;
import java.util.HashMap;
import java.util.Map;

/**
 * Small ints for class loaders: 0 for the bootstrap loader, 1, 2, ... in order of first sight. Loaders are
 * held weakly and compared by identity (a loader may override equals), so tagging never keeps a loader
 * alive, and a tag is never reused for another loader.
 */
final class ClassLoaderTags implements LoaderTags {

    /** A weak reference that hashes and compares by the identity of its referent. */
    private static final class Key extends WeakReference<ClassLoader> {
        private final int hash;

        Key(ClassLoader loader, ReferenceQueue<ClassLoader> queue) {
            super(loader, queue);
            this.hash = System.identityHashCode(loader);
        }

        @Override
        public int hashCode() {
            return hash;
        }

        @Override
        public boolean equals(Object o) {
            if (this == o) {
                return true;
            }
            if (!(o instanceof Key)) {
                return false;
            }
            ClassLoader mine = get();
            return mine != null && mine == ((Key) o).get();
        }
    }

    private final Map<Key, Integer> tags = new HashMap<>();
    private final ReferenceQueue<ClassLoader> collected = new ReferenceQueue<>();
    private int next = 1;
    // One-entry cache (weak too): consecutive loads usually come from the same loader.
    private WeakReference<ClassLoader> lastLoader = new WeakReference<>(null);
    private int lastTag;

    @Override
    public synchronized int tagOf(ClassLoader loader) {
        if (loader == null) {
            return 0;
        }
        if (loader == lastLoader.get()) {
            return lastTag;
        }
        Key probe = new Key(loader, null);
        Integer tag = tags.get(probe);
        if (tag == null) {
            expunge();
            tag = next++;
            tags.put(new Key(loader, collected), tag);
        }
        lastLoader = new WeakReference<>(loader);
        lastTag = tag;
        return tag;
    }

    /** The loader's tag if it has one, else -1 (does not tag it). */
    synchronized int peek(ClassLoader loader) {
        if (loader == null) {
            return 0;
        }
        Integer tag = tags.get(new Key(loader, null));
        return tag == null ? -1 : tag;
    }

    synchronized int size() {
        return tags.size();
    }

    private void expunge() {
        for (Object k; (k = collected.poll()) != null; ) {
            tags.remove(k);
        }
    }
}
