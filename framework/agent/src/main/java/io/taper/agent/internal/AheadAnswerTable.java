package io.taper.agent.internal;

import io.taper.controller.ClassDeployment;
import io.taper.protocol.SameClassFile;
import io.taper.protocol.Woven;
import io.taper.protocol.WovenAhead;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * The server's answers for one controller batch ({@link WovenAhead}), by loader tag and class name, each taken at most
 * once. An answer is taken only for a class whose bytes have the fingerprint of those the server wove and whose
 * deployment is still the one it was woven with: it is then the answer a round trip would have brought.
 */
final class AheadAnswerTable {

    /** Plain classes and string keys, no records: a record's equals and hashCode would bootstrap java.lang.invoke. */
    private static final class Entry {
        final WovenAhead.Answer answer;
        final ClassDeployment deployment;

        Entry(WovenAhead.Answer answer, ClassDeployment deployment) {
            this.answer = answer;
            this.deployment = deployment;
        }
    }

    private final Map<String, Entry> byKey = new HashMap<>();
    private long bytes;
    private int used;

    /** Adds an answer, woven with {@code deployment}. */
    synchronized void add(WovenAhead.Answer a, ClassDeployment deployment) {
        Entry before = byKey.put(key(a.loaderTag(), a.className()), new Entry(a, deployment));
        bytes += a.answer().bytes().length - (before == null ? 0 : before.answer.answer().bytes().length);
    }

    /** A loader tag and an internal name as one key (a name has no space). */
    static String key(int loaderTag, String className) {
        return loaderTag + " " + className;
    }

    /** The woven bytes the table holds. */
    synchronized long bytes() {
        return bytes;
    }

    synchronized int size() {
        return byKey.size();
    }

    /** How many answers were taken. */
    synchronized int used() {
        return used;
    }

    /** The answer for the class, or null if there is none to take (the class then takes a round trip). */
    Woven take(int loaderTag, String className, byte[] classBytes, ClassDeployment deployment) {
        Entry e;
        synchronized (this) {
            e = byKey.remove(key(loaderTag, className));
            if (e != null) {
                bytes -= e.answer.answer().bytes().length;
            }
        }
        if (e == null || !Arrays.equals(e.deployment.disabledSites(), deployment.disabledSites())
                || !e.deployment.variants().equals(deployment.variants())
                || SameClassFile.fingerprint(classBytes) != e.answer.fingerprint()) {
            return null;
        }
        synchronized (this) {
            used++;
        }
        return e.answer.answer();
    }
}
