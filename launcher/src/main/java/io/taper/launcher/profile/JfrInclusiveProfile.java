package io.taper.launcher.profile;

import java.io.IOException;
import java.lang.reflect.Modifier;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordedMethod;
import jdk.jfr.consumer.RecordedStackTrace;
import jdk.jfr.consumer.RecordingFile;

/**
 * Inclusive sample counts per method from a JDK Flight Recorder recording: each {@code jdk.ExecutionSample}
 * gives one count to every distinct method on its stack. By default only frames that instrumentation can
 * observe count (not native methods, not hidden frames or hidden classes, not classes Taper never weaves
 * such as {@code java.lang.Thread}), so both profiles rank the same kind of methods.
 */
public final class JfrInclusiveProfile {

    public static final String EXECUTION_SAMPLE = "jdk.ExecutionSample";

    private final Map<String, Long> samplesPerMethod;
    private final Map<String, Integer> depthFromRoot;
    private final long samples;
    private final long truncatedStacks;
    private final long framesSkipped;

    private JfrInclusiveProfile(Map<String, Long> samplesPerMethod, Map<String, Integer> depthFromRoot,
                                long samples, long truncatedStacks, long framesSkipped) {
        this.samplesPerMethod = samplesPerMethod;
        this.depthFromRoot = depthFromRoot;
        this.samples = samples;
        this.truncatedStacks = truncatedStacks;
        this.framesSkipped = framesSkipped;
    }

    /**
     * @param allFrames true to count every Java frame, also those instrumentation cannot observe
     */
    public static JfrInclusiveProfile read(Path recording, boolean allFrames) throws IOException {
        Map<String, Long> counts = new HashMap<>();
        Map<String, Integer> depths = new HashMap<>();
        long samples = 0;
        long truncated = 0;
        long skipped = 0;
        Set<String> onStack = new HashSet<>();
        try (RecordingFile file = new RecordingFile(recording)) {
            while (file.hasMoreEvents()) {
                RecordedEvent e = file.readEvent();
                if (!EXECUTION_SAMPLE.equals(e.getEventType().getName())) {
                    continue;
                }
                RecordedStackTrace stack = e.getStackTrace();
                if (stack == null) {
                    continue;
                }
                samples++;
                if (stack.isTruncated()) {
                    truncated++;
                }
                onStack.clear();
                List<RecordedFrame> frames = stack.getFrames();
                for (int i = 0; i < frames.size(); i++) {
                    RecordedFrame f = frames.get(i);
                    RecordedMethod m = f.getMethod();
                    if (m == null || !(allFrames || observable(f, m))) {
                        skipped++;
                        continue;
                    }
                    String key = MethodNames.key(m.getType().getName(), m.getName(), m.getDescriptor());
                    onStack.add(key);
                    // frames are innermost first: the root is the last one
                    depths.merge(key, frames.size() - 1 - i, Math::min);
                }
                for (String m : onStack) {
                    counts.merge(m, 1L, Long::sum);
                }
            }
        }
        return new JfrInclusiveProfile(counts, depths, samples, truncated, skipped);
    }

    /** Whether a method-entry/exit instrumentation could see this frame's method. */
    public static boolean observable(RecordedFrame f, RecordedMethod m) {
        String cls = m.getType().getName();
        return f.isJavaFrame() && !Modifier.isNative(m.getModifiers()) && !m.isHidden()
                && !cls.contains("/") && !cls.contains("+0x")   // hidden classes: Foo$$Lambda/0x..., Foo$$Lambda+0x...
                && !neverWoven(cls.replace('.', '/'));
    }

    /**
     * The classes Taper never weaves: the same prefixes as {@code io.taper.runtime.NeverWoven} (the
     * launcher does not ship the runtime; a test keeps the two lists equal).
     */
    private static final String[] NEVER_WOVEN_PREFIXES = {
        "io/taper/runtime/",
        "io/taper/agent/",
        "io/taper/controller/",
        "io/taper/protocol/",
        "io/taper/analysis/",
        "io/taper/result/",
        "java/lang/Thread",
        "java/lang/ref/",
        "jdk/internal/misc/CarrierThreadLocal",
        "jdk/internal/misc/TerminatingThreadLocal",
        "java/lang/VirtualThread",
        "sun/misc/Unsafe",
        "sun/instrument/",
    };

    /** The prefixes of {@link #neverWoven}, in internal form. */
    public static List<String> neverWovenPrefixes() {
        return List.of(NEVER_WOVEN_PREFIXES);
    }

    public static boolean neverWoven(String internalName) {
        for (String p : NEVER_WOVEN_PREFIXES) {
            if (internalName.startsWith(p)) {
                return true;
            }
        }
        return false;
    }

    public Ranking ranking() {
        return Ranking.of(samplesPerMethod, depthFromRoot);
    }

    public long samples() {
        return samples;
    }

    public long truncatedStacks() {
        return truncatedStacks;
    }

    public long framesSkipped() {
        return framesSkipped;
    }

    /** Methods with at least one sample. */
    public int methods() {
        return samplesPerMethod.size();
    }

    /** For tests and reports: the methods and their inclusive sample counts. */
    public Map<String, Long> samplesPerMethod() {
        return Map.copyOf(samplesPerMethod);
    }

    /** Names of the methods counted, for messages. */
    public List<String> top(int n) {
        return ranking().top(n);
    }
}
