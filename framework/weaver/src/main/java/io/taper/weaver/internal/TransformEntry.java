package io.taper.weaver.internal;

import io.taper.api.ClassTransform;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.CRC32;
import java.util.zip.CheckedOutputStream;

/**
 * One cached {@link ClassTransform} result as a file: {@code int magic, short version, 32-byte key}, the result
 * (bytes, facts, methods kept original, variant methods, run numbers with their constant pool entries), then a
 * CRC-32 of everything before it. An entry whose magic, version, key or checksum is not what the reader expects is
 * refused as a whole. Strings are length-prefixed UTF-8 (facts may be longer than {@code writeUTF} takes).
 */
final class TransformEntry {

    static final int MAGIC = 0x54575445;   // "TWTE"
    static final short VERSION = 1;
    private static final int MAX_STRING = 1 << 24;

    final ClassTransform.Woven woven;
    final int[] items;   // per run number, the constant pool entry that holds it

    TransformEntry(ClassTransform.Woven woven, int[] items) {
        this.woven = woven;
        this.items = items;
    }

    byte[] encode(byte[] key) throws IOException {
        ByteArrayOutputStream buf = new ByteArrayOutputStream(256 + woven.bytes().length);
        CRC32 crc = new CRC32();
        DataOutputStream out = new DataOutputStream(new CheckedOutputStream(buf, crc));
        out.writeInt(MAGIC);
        out.writeShort(VERSION);
        out.write(key);
        out.writeInt(woven.bytes().length);
        out.write(woven.bytes());
        Map<String, String> facts = woven.facts() == null ? Map.of() : woven.facts();
        out.writeInt(facts.size());
        for (Map.Entry<String, String> e : facts.entrySet()) {
            string(out, e.getKey());
            string(out, e.getValue());
        }
        List<String> kept = woven.keptOriginal() == null ? List.of() : woven.keptOriginal();
        out.writeInt(kept.size());
        for (String k : kept) {
            string(out, k);
        }
        List<String[]> variants = woven.variantMethods() == null ? List.of() : woven.variantMethods();
        out.writeInt(variants.size());
        for (String[] m : variants) {
            string(out, m[0]);
            string(out, m[1]);
        }
        int[] numbers = woven.runNumbers();
        out.writeInt(numbers.length);
        for (int i = 0; i < numbers.length; i++) {
            out.writeInt(numbers[i]);
            out.writeInt(items[i]);
        }
        out.flush();
        new DataOutputStream(buf).writeLong(crc.getValue());
        return buf.toByteArray();
    }

    /** @throws IOException if the data is not an intact entry for {@code key} */
    static TransformEntry decode(byte[] data, byte[] key) throws IOException {
        if (data.length < 4 + 2 + CacheEntry.KEY_BYTES + 8) {
            throw new IOException("truncated entry (" + data.length + " bytes)");
        }
        CRC32 crc = new CRC32();
        crc.update(data, 0, data.length - 8);
        DataInputStream in = new DataInputStream(new ByteArrayInputStream(data));
        if (in.readInt() != MAGIC) {
            throw new IOException("not a transformed-class cache entry");
        }
        short version = in.readShort();
        if (version != VERSION) {
            throw new IOException("entry format " + version + ", expected " + VERSION);
        }
        byte[] stored = new byte[CacheEntry.KEY_BYTES];
        in.readFully(stored);
        if (!Arrays.equals(stored, key)) {
            throw new IOException("entry of another key");
        }
        long expected = new DataInputStream(new ByteArrayInputStream(data, data.length - 8, 8)).readLong();
        if (expected != crc.getValue()) {
            throw new IOException("checksum mismatch");
        }
        int n = in.readInt();
        if (n <= 0 || n > data.length) {
            throw new IOException("bad class size " + n);
        }
        byte[] bytes = new byte[n];
        in.readFully(bytes);
        int factCount = CacheEntry.count(in.readInt());
        Map<String, String> facts = new LinkedHashMap<>();
        for (int i = 0; i < factCount; i++) {
            facts.put(string(in), string(in));
        }
        int keptCount = CacheEntry.count(in.readInt());
        List<String> kept = new ArrayList<>(keptCount);
        for (int i = 0; i < keptCount; i++) {
            kept.add(string(in));
        }
        int variantCount = CacheEntry.count(in.readInt());
        List<String[]> variants = new ArrayList<>(variantCount);
        for (int i = 0; i < variantCount; i++) {
            variants.add(new String[] {string(in), string(in)});
        }
        int numberCount = CacheEntry.count(in.readInt());
        int[] numbers = new int[numberCount];
        int[] items = new int[numberCount];
        for (int i = 0; i < numberCount; i++) {
            numbers[i] = in.readInt();
            items[i] = in.readInt();
        }
        if (in.available() != 8) {
            throw new IOException("entry has " + (in.available() - 8) + " bytes too many");
        }
        return new TransformEntry(new ClassTransform.Woven(bytes, java.util.Collections.unmodifiableMap(facts),
            List.copyOf(kept), List.copyOf(variants), numbers), items);
    }

    private static void string(DataOutputStream out, String s) throws IOException {
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        out.writeInt(b.length);
        out.write(b);
    }

    private static String string(DataInputStream in) throws IOException {
        int n = in.readInt();
        if (n < 0 || n > MAX_STRING || n > in.available()) {
            throw new IOException("bad string length " + n);
        }
        byte[] b = new byte[n];
        in.readFully(b);
        return new String(b, StandardCharsets.UTF_8);
    }
}
