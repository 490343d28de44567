package io.taper.e2e.profile;

import io.taper.e2e.profile.fixtures.SampledWork;
import io.taper.launcher.profile.JfrInclusiveProfile;
import java.nio.file.Path;
import java.time.Duration;
import jdk.jfr.Recording;

/**
 * A JFR recording of this JVM running {@link SampledWork} that holds enough samples of it to rank its methods.
 * JFR drops the samples it cannot walk, and on a loaded 2-core CI machine one 700 ms recording held 8 of about
 * 70 and another none at all; so the work is recorded again, up to ten times, until the samples are there.
 */
final class SampledRecording {

    static final String OUTER = "io.taper.e2e.profile.fixtures.SampledWork.outer(J)V";
    static final int TRIES = 10;

    private SampledRecording() {
    }

    /** Records {@code work} in a thread named {@code sampled-work} until {@code outer} has {@code minSamples}. */
    static void record(Path file, Runnable work, long minSamples) throws Exception {
        for (int attempt = 1; ; attempt++) {
            try (Recording r = new Recording()) {
                r.enable("jdk.ExecutionSample").withPeriod(Duration.ofMillis(10));
                r.start();
                Thread worker = new Thread(work, "sampled-work");
                worker.start();
                worker.join();
                r.stop();
                r.dump(file);
            }
            long outer = JfrInclusiveProfile.read(file, true).samplesPerMethod().getOrDefault(OUTER, 0L);
            if (outer >= minSamples || attempt == TRIES) {
                return;
            }
        }
    }
}
