package io.taper.launcher.profile;

import com.google.gson.stream.JsonWriter;
import java.io.IOException;
import java.io.Writer;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The call tree as a speedscope file ({@code https://www.speedscope.app}, which also opens in its offline build):
 * one sampled profile whose samples are the call paths with time of their own, weighted by it in nanoseconds, so
 * speedscope's time-order, left-heavy and sandwich views show what the flame graph does.
 */
public final class SpeedscopeProfile {

    public static final String SCHEMA = "https://www.speedscope.app/file-format-schema.json";

    private SpeedscopeProfile() {
    }

    public static void write(CallTreeProfile profile, String name, Writer out) throws IOException {
        Map<Long, Integer> frameIndex = new HashMap<>();
        List<Long> frames = new java.util.ArrayList<>();
        long[] total = {0};
        OwnTimePaths.forEach(profile, (methods, own) -> {
            for (Long m : methods) {
                if (!frameIndex.containsKey(m)) {
                    frameIndex.put(m, frames.size());
                    frames.add(m);
                }
            }
            total[0] += own;
        });
        JsonWriter w = new JsonWriter(out);
        w.beginObject();
        w.name("$schema").value(SCHEMA);
        w.name("name").value(name);
        w.name("exporter").value("taper");
        w.name("activeProfileIndex").value(0);
        w.name("shared").beginObject().name("frames").beginArray();
        for (Long m : frames) {
            w.beginObject().name("name").value(profile.frameOf(m)).endObject();
        }
        w.endArray().endObject();
        w.name("profiles").beginArray().beginObject();
        w.name("type").value("sampled");
        w.name("name").value(name);
        w.name("unit").value(CallTreeProfile.NANOSECONDS.equals(profile.unit()) ? "nanoseconds" : "none");
        w.name("startValue").value(0);
        w.name("endValue").value(total[0]);
        w.name("samples").beginArray();
        OwnTimePaths.forEach(profile, (methods, own) -> {
            w.beginArray();
            for (Long m : methods) {
                w.value(frameIndex.get(m));
            }
            w.endArray();
        });
        w.endArray();
        w.name("weights").beginArray();
        OwnTimePaths.forEach(profile, (methods, own) -> w.value(own));
        w.endArray();
        w.endObject().endArray();
        w.endObject();
        w.flush();
    }
}
