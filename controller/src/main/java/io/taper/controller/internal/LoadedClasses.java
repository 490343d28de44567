package io.taper.controller.internal;

import io.taper.controller.ClassKey;
import io.taper.controller.LoaderTags;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * Finds the {@code Class} objects behind class keys: one scan of the loaded classes per pass, matching
 * the name first (cheap) and then the loader's tag. Keeps no reference to classes between passes, so
 * it never holds a class loader alive.
 */
public final class LoadedClasses {

    /** The classes found, and the keys that are not (any longer) loaded or cannot be retransformed. */
    public record Resolution(List<Class<?>> found, List<ClassKey> missing, List<ClassKey> unmodifiable) {
    }

    private final Supplier<Class<?>[]> allLoaded;
    private final Predicate<Class<?>> modifiable;
    private final LoaderTags tags;

    public LoadedClasses(Supplier<Class<?>[]> allLoaded, Predicate<Class<?>> modifiable, LoaderTags tags) {
        this.allLoaded = allLoaded;
        this.modifiable = modifiable;
        this.tags = tags;
    }

    /** The key the agent uses for this class. */
    public ClassKey keyOf(Class<?> c) {
        return new ClassKey(tags.tagOf(c.getClassLoader()), c.getName().replace('.', '/'));
    }

    public Resolution resolve(Collection<ClassKey> keys) {
        Map<String, List<ClassKey>> byName = new HashMap<>();
        for (ClassKey k : keys) {
            byName.computeIfAbsent(k.internalName(), n -> new ArrayList<>(1)).add(k);
        }
        Map<ClassKey, Class<?>> found = new HashMap<>();
        if (!byName.isEmpty()) {
            for (Class<?> c : allLoaded.get()) {
                if (c.isArray() || c.isPrimitive()) {
                    continue;
                }
                List<ClassKey> candidates = byName.get(c.getName().replace('.', '/'));
                if (candidates == null) {
                    continue;
                }
                int tag = tags.tagOf(c.getClassLoader());
                for (ClassKey k : candidates) {
                    if (k.loaderTag() == tag) {
                        found.putIfAbsent(k, c);
                    }
                }
            }
        }
        List<Class<?>> classes = new ArrayList<>();
        List<ClassKey> missing = new ArrayList<>();
        List<ClassKey> unmodifiable = new ArrayList<>();
        for (ClassKey k : keys) {
            Class<?> c = found.get(k);
            if (c == null) {
                missing.add(k);
            } else if (!modifiable.test(c)) {
                unmodifiable.add(k);
            } else {
                classes.add(c);
            }
        }
        return new Resolution(classes, missing, unmodifiable);
    }
}
