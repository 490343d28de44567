package io.taper.protocol;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Which build of Taper wrote a result: a digest of its jars' sizes and times (a rebuilt jar is another build), so that
 * {@code taper merge} can refuse results that different builds wrote. Stats only, no digest of the contents: it is
 * read at every run's exit.
 */
public final class TaperBuild {

    private TaperBuild() {
    }

    /** 16 hex digits over each jar's name, size and modification time; "unknown" if one cannot be read. */
    public static String of(List<Path> jars) {
        long h = 0xcbf29ce484222325L;   // FNV-1a, 64 bits
        for (Path jar : jars) {
            String part;
            try {
                part = jar.getFileName() + "|" + Files.size(jar) + "|" + Files.getLastModifiedTime(jar).toMillis() + "\n";
            } catch (IOException | RuntimeException e) {
                return "unknown";
            }
            for (int i = 0; i < part.length(); i++) {
                h ^= part.charAt(i);
                h *= 0x100000001b3L;
            }
        }
        String hex = Long.toHexString(h);   // not String.format: premain would load the Formatter's classes
        return "0".repeat(16 - hex.length()) + hex;
    }
}
