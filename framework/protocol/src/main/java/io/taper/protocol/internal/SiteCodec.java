package io.taper.protocol.internal;

import io.taper.protocol.MalformedMessageException;
import io.taper.runtime.SiteInfo;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The SiteInfo list of a WOVEN payload, field by field in the order of ARCHITECTURE.md. */
public final class SiteCodec {

    /** id, loaderTag, location, 5 empty UTFs, active, context count, switchable. */
    private static final int MIN_SITE_BYTES = 4 + 4 + 4 + 5 * 2 + 1 + 4 + 1;

    private SiteCodec() {
    }

    public static void write(PayloadWriter w, List<SiteInfo> sites) {
        w.writeInt(sites.size());
        for (SiteInfo s : sites) {
            w.writeInt(s.id()).writeInt(s.loaderTag()).writeUtf(s.className()).writeUtf(s.methodName())
                .writeUtf(s.methodDesc()).writeInt(s.location()).writeUtf(s.snippet()).writeUtf(nonNull(s.variant()))
                .writeBoolean(s.active());
            Map<String, String> ctx = s.staticContext() == null ? Map.of() : s.staticContext();
            w.writeInt(ctx.size());
            for (Map.Entry<String, String> e : ctx.entrySet()) {
                w.writeUtf(e.getKey()).writeUtf(nonNull(e.getValue()));
            }
            w.writeBoolean(s.switchable());
        }
    }

    public static List<SiteInfo> read(PayloadReader r) throws MalformedMessageException {
        int n = r.readCount("sites", MIN_SITE_BYTES);
        if (n == 0) {
            return List.of();
        }
        List<SiteInfo> sites = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            int id = r.readInt();
            int loaderTag = r.readInt();
            String className = r.readUtf();
            String methodName = r.readUtf();
            String methodDesc = r.readUtf();
            int location = r.readInt();
            String snippet = r.readUtf();
            String variant = r.readUtf();
            boolean active = r.readBoolean();
            int m = r.readCount("static context", 4);
            Map<String, String> ctx = m == 0 ? Map.of() : new LinkedHashMap<>();
            for (int j = 0; j < m; j++) {
                ctx.put(r.readUtf(), r.readUtf());
            }
            boolean switchable = r.readBoolean();
            sites.add(new SiteInfo(id, loaderTag, className, methodName, methodDesc, location, snippet, variant,
                active, m == 0 ? ctx : Collections.unmodifiableMap(ctx), switchable));
        }
        return Collections.unmodifiableList(sites);
    }

    private static String nonNull(String s) {
        return s == null ? "" : s;
    }
}
