package io.taper.launcher;

import io.taper.protocol.TaperConfig;
import io.taper.weaver.WovenClassCache;
import java.nio.file.Path;

/** {@code --cache DIR|off}: the value the configuration gets. */
final class CacheOption {

    private CacheOption() {
    }

    static String resolve(String given) {
        if (given == null || given.isBlank()) {
            return WovenClassCache.defaultDirectory().toAbsolutePath().toString();
        }
        if (TaperConfig.OFF.equals(given.trim())) {
            return TaperConfig.OFF;
        }
        return Path.of(given.trim()).toAbsolutePath().normalize().toString();
    }
}
