package io.taper.protocol.internal;

import io.taper.protocol.MalformedMessageException;
import io.taper.runtime.SiteInfo;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The SiteInfo list of a WOVEN payload: the distinct strings once (class, method names and descriptors, snippet
 * names, static-context keys and values), then each site field by field with strings as indices into that table,
 * in the order of ARCHITECTURE.md. A class's sites repeat a handful of strings; the agent decodes each once, in a
 * JVM that is still interpreting its own code when most classes arrive, and keeps one copy of each.
 */
public final class SiteCodec {

    /** id, loaderTag, class, method, descriptor, location, snippet, variant, active, context count, switchable. */
    private static final int MIN_SITE_BYTES = 4 + 4 + 4 + 4 + 4 + 4 + 4 + 4 + 1 + 4 + 1;

    private SiteCodec() {
    }

    public static void write(PayloadWriter w, List<SiteInfo> sites) {
        w.writeInt(sites.size());
        if (sites.isEmpty()) {
            return;
        }
        Map<String, Integer> index = new HashMap<>();
        List<String> strings = new ArrayList<>();
        for (SiteInfo s : sites) {
            intern(index, strings, s.className());
            intern(index, strings, s.methodName());
            intern(index, strings, s.methodDesc());
            intern(index, strings, s.snippet());
            intern(index, strings, nonNull(s.variant()));
            for (Map.Entry<String, String> e : context(s).entrySet()) {
                intern(index, strings, e.getKey());
                intern(index, strings, nonNull(e.getValue()));
            }
        }
        w.writeInt(strings.size());
        for (String str : strings) {
            w.writeUtf(str);
        }
        for (SiteInfo s : sites) {
            w.writeInt(s.id()).writeInt(s.loaderTag()).writeInt(index.get(s.className()))
                .writeInt(index.get(s.methodName())).writeInt(index.get(s.methodDesc())).writeInt(s.location())
                .writeInt(index.get(s.snippet())).writeInt(index.get(nonNull(s.variant()))).writeBoolean(s.active());
            Map<String, String> ctx = context(s);
            w.writeInt(ctx.size());
            for (Map.Entry<String, String> e : ctx.entrySet()) {
                w.writeInt(index.get(e.getKey())).writeInt(index.get(nonNull(e.getValue())));
            }
            w.writeBoolean(s.switchable());
        }
    }

    public static List<SiteInfo> read(PayloadReader r) throws MalformedMessageException {
        int n = r.readCount("sites", MIN_SITE_BYTES);
        if (n == 0) {
            return List.of();
        }
        String[] strings = new String[r.readCount("site strings", 2)];
        for (int i = 0; i < strings.length; i++) {
            strings[i] = r.readUtf();
        }
        List<SiteInfo> sites = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            int id = r.readInt();
            int loaderTag = r.readInt();
            String className = string(r, strings);
            String methodName = string(r, strings);
            String methodDesc = string(r, strings);
            int location = r.readInt();
            String snippet = string(r, strings);
            String variant = string(r, strings);
            boolean active = r.readBoolean();
            int m = r.readCount("static context", 8);
            Map<String, String> ctx = m == 0 ? Map.of() : new LinkedHashMap<>();
            for (int j = 0; j < m; j++) {
                ctx.put(string(r, strings), string(r, strings));
            }
            boolean switchable = r.readBoolean();
            sites.add(new SiteInfo(id, loaderTag, className, methodName, methodDesc, location, snippet, variant,
                active, m == 0 ? ctx : Collections.unmodifiableMap(ctx), switchable));
        }
        return Collections.unmodifiableList(sites);
    }

    private static String string(PayloadReader r, String[] strings) throws MalformedMessageException {
        int i = r.readInt();
        if (i < 0 || i >= strings.length) {
            throw new MalformedMessageException("WOVEN: site string " + i + " outside the table of " + strings.length);
        }
        return strings[i];
    }

    private static void intern(Map<String, Integer> index, List<String> strings, String s) {
        if (!index.containsKey(s)) {
            index.put(s, strings.size());
            strings.add(s);
        }
    }

    private static Map<String, String> context(SiteInfo s) {
        return s.staticContext() == null ? Map.of() : s.staticContext();
    }

    private static String nonNull(String s) {
        return s == null ? "" : s;
    }
}
