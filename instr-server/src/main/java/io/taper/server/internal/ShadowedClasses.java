package io.taper.server.internal;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The classes (loader tag, name) whose first-load weaving added shadow fields: every later re-weaving of
 * them must add the same fields. A loader defines a name at most once, so the pair names one class.
 */
final class ShadowedClasses {

    private final Set<String> keys = ConcurrentHashMap.newKeySet();

    void add(int loaderTag, String className) {
        keys.add(key(loaderTag, className));
    }

    boolean contains(int loaderTag, String className) {
        return keys.contains(key(loaderTag, className));
    }

    int size() {
        return keys.size();
    }

    private static String key(int loaderTag, String className) {
        return loaderTag + ":" + className;
    }
}
