package io.taper.weaver.internal;

import io.taper.api.ClassTransform;
import io.taper.protocol.Murmur3;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.TreeMap;

/**
 * {@link ClassTransform.Reusable} results in a {@link WovenClassStore}, under a space of their own: found by the
 * class bytes (as they are, or with methods as a set when the transform allows), whether the loader is the bootstrap loader and
 * the request's variants; kept with the constant pool entries of their run numbers, so that a later run writes its
 * own numbers into them.
 */
public final class TransformStore {

    /** A cached result and where its run numbers live. */
    public record Hit(ClassTransform.Woven cached, int[] items, long startNanos) {
    }

    private final WovenClassStore store;
    private final String space;

    private final boolean anyMethodOrder;

    /** @param anyMethodOrder whether classes whose methods differ only in order share an entry */
    public TransformStore(WovenClassStore store, String space, boolean anyMethodOrder) {
        this.store = store;
        this.space = space;
        this.anyMethodOrder = anyMethodOrder;
    }

    public String space() {
        return space;
    }

    /** The cached result under the request's {@link #key}, or null (a damaged entry is refused and counted). */
    public Hit find(byte[] key) {
        long start = System.nanoTime();
        byte[] data = store.read(space, key);
        if (data == null) {
            return null;
        }
        try {
            TransformEntry e = TransformEntry.decode(data, key);
            return new Hit(e.woven, e.items, start);
        } catch (IOException | RuntimeException bad) {
            store.refuse(space, key, bad.getMessage());
            return null;
        }
    }

    /** The cached bytes with this run's numbers written in, counted as a hit; null if the numbers do not fit the entry. */
    public byte[] renumber(Hit hit, int[] numbers) {
        byte[] bytes = numbers.length == hit.items().length
            ? RunNumberConstants.renumber(hit.cached().bytes(), hit.items(), numbers) : null;
        if (bytes == null) {
            store.relocationsRefused.incrementAndGet();
            return null;
        }
        store.hits.incrementAndGet();
        store.hitNanos.addAndGet(System.nanoTime() - hit.startNanos());
        return bytes;
    }

    /** A class transformed afresh: a miss (classes the transform leaves unchanged are neither hits nor misses). */
    public void missed() {
        store.misses.incrementAndGet();
    }

    /**
     * Keeps a fresh result under its request's {@link #key} when its run numbers each sit in an entry of their own;
     * anything else is not kept.
     */
    public void keep(byte[] key, ClassTransform.Request r, ClassTransform.Woven w) {
        if (w == null || w.bytes() == null) {
            return;
        }
        byte[] original = r.bytes();
        store.write(space, key, () -> {
            int[] numbers = w.runNumbers() == null ? new int[0] : w.runNumbers();
            int[] items = RunNumberConstants.locate(w.bytes(), original, numbers);
            if (items == null) {
                store.notStorable.incrementAndGet();
                return null;
            }
            try {
                return new TransformEntry(w.numbered(numbers), items).encode(key);
            } catch (IOException | RuntimeException e) {
                store.notStorable.incrementAndGet();
                return null;
            }
        });
    }

    /** The request's cache key: computed once per class, for the lookup and the store that may follow it. */
    public byte[] key(ClassTransform.Request r) {
        StringBuilder b = new StringBuilder(space).append('\0').append(r.loaderTag() == 0 ? "boot" : "other");
        Map<String, String> variants = r.variants() == null ? Map.of() : new TreeMap<>(r.variants());
        for (Map.Entry<String, String> e : variants.entrySet()) {
            b.append('\0').append(e.getKey()).append('=').append(e.getValue());
        }
        byte[] text = b.toString().getBytes(StandardCharsets.UTF_8);
        long[] h = Murmur3.hash128(text, 0, text.length, 0);
        // the bytes exactly unless the transform names what it numbers by method: it may number what it adds in
        // method order (coverage's probes, which JaCoCo's analyser numbers in file order)
        long seed = h[0] ^ h[1];
        long[] c = anyMethodOrder ? CacheKeys.canonical(r.bytes(), seed)
            : Murmur3.hash128(r.bytes(), 0, r.bytes().length, seed);
        byte[] key = new byte[CacheEntry.KEY_BYTES];
        CacheKeys.put(key, CacheKeys.put(key, 0, h), c);
        return key;
    }
}
