package io.taper.weaver.internal;

import io.taper.runtime.SiteInfo;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.CRC32;
import java.util.zip.CheckedOutputStream;

/**
 * One cached weave as a file: {@code int magic, short version, 32-byte key}, the weave (status, class name, woven
 * bytes, sites with their group and id entry, facts), then a CRC-32 of everything before it. An entry whose magic,
 * version, key or checksum is not what the reader expects is refused as a whole.
 */
final class CacheEntry {

    static final int MAGIC = 0x54574345;   // "TWCE"
    static final short VERSION = 1;
    static final int KEY_BYTES = 32;
    private static final int MAX_COUNT = 1 << 20;

    final boolean woven;
    final String className;
    final byte[] bytes;           // the woven class (null when the class came back unchanged)
    final List<SiteInfo> sites;   // as stored: the ids of the weave that made the entry
    final int[] groups;           // the snippet group index of each site
    final int[] items;            // the constant pool entry of each site's id (-1: none)
    final WeaveFacts facts;

    CacheEntry(boolean woven, String className, byte[] bytes, List<SiteInfo> sites, int[] groups, int[] items,
               WeaveFacts facts) {
        this.woven = woven;
        this.className = className;
        this.bytes = bytes;
        this.sites = sites;
        this.groups = groups;
        this.items = items;
        this.facts = facts;
    }

    byte[] encode(byte[] key) throws IOException {
        ByteArrayOutputStream buf = new ByteArrayOutputStream(256 + (bytes == null ? 0 : bytes.length));
        CRC32 crc = new CRC32();
        DataOutputStream out = new DataOutputStream(new CheckedOutputStream(buf, crc));
        out.writeInt(MAGIC);
        out.writeShort(VERSION);
        out.write(key);
        out.writeBoolean(woven);
        out.writeUTF(className);
        out.writeInt(bytes == null ? 0 : bytes.length);
        if (bytes != null) {
            out.write(bytes);
        }
        out.writeInt(sites.size());
        for (int i = 0; i < sites.size(); i++) {
            SiteInfo s = sites.get(i);
            out.writeInt(s.id());
            out.writeUTF(s.methodName());
            out.writeUTF(s.methodDesc());
            out.writeInt(s.location());
            out.writeUTF(s.snippet());
            out.writeUTF(s.variant());
            out.writeBoolean(s.switchable());
            out.writeInt(groups[i]);
            out.writeInt(items[i]);
            out.writeInt(s.staticContext().size());
            for (Map.Entry<String, String> e : s.staticContext().entrySet()) {
                out.writeUTF(e.getKey());
                out.writeUTF(e.getValue());
            }
        }
        facts.write(out);
        out.flush();
        new DataOutputStream(buf).writeLong(crc.getValue());
        return buf.toByteArray();
    }

    /** @throws IOException if the data is not an intact entry for {@code key} */
    static CacheEntry decode(byte[] data, byte[] key) throws IOException {
        if (data.length < 4 + 2 + KEY_BYTES + 8) {
            throw new IOException("truncated entry (" + data.length + " bytes)");
        }
        CRC32 crc = new CRC32();
        crc.update(data, 0, data.length - 8);
        DataInputStream in = new DataInputStream(new ByteArrayInputStream(data));
        if (in.readInt() != MAGIC) {
            throw new IOException("not a woven-class cache entry");
        }
        short version = in.readShort();
        if (version != VERSION) {
            throw new IOException("entry format " + version + ", expected " + VERSION);
        }
        byte[] stored = new byte[KEY_BYTES];
        in.readFully(stored);
        if (!Arrays.equals(stored, key)) {
            throw new IOException("entry of another key");
        }
        long expected = new DataInputStream(new ByteArrayInputStream(data, data.length - 8, 8)).readLong();
        if (expected != crc.getValue()) {
            throw new IOException("checksum mismatch");
        }
        boolean woven = in.readBoolean();
        String className = in.readUTF();
        int n = in.readInt();
        if (n < 0 || n > data.length) {
            throw new IOException("bad class size " + n);
        }
        byte[] bytes = null;
        if (woven) {
            bytes = new byte[n];
            in.readFully(bytes);
        } else if (n != 0) {
            throw new IOException("unchanged entry with class bytes");
        }
        int siteCount = count(in.readInt());
        List<SiteInfo> sites = new ArrayList<>(siteCount);
        int[] groups = new int[siteCount];
        int[] items = new int[siteCount];
        for (int i = 0; i < siteCount; i++) {
            int id = in.readInt();
            String method = in.readUTF();
            String desc = in.readUTF();
            int location = in.readInt();
            String snippet = in.readUTF();
            String variant = in.readUTF();
            boolean switchable = in.readBoolean();
            groups[i] = in.readInt();
            items[i] = in.readInt();
            int contextSize = count(in.readInt());
            Map<String, String> context = new LinkedHashMap<>();
            for (int c = 0; c < contextSize; c++) {
                context.put(in.readUTF(), in.readUTF());
            }
            sites.add(new SiteInfo(id, 0, className, method, desc, location, snippet, variant, true,
                context.isEmpty() ? Map.of() : java.util.Collections.unmodifiableMap(context), switchable));
        }
        WeaveFacts facts = WeaveFacts.read(in);
        if (in.available() != 8) {
            throw new IOException("entry has " + (in.available() - 8) + " bytes too many");
        }
        return new CacheEntry(woven, className, bytes, sites, groups, items, facts);
    }

    static int count(int n) throws IOException {
        if (n < 0 || n > MAX_COUNT) {
            throw new IOException("bad count " + n);
        }
        return n;
    }
}
