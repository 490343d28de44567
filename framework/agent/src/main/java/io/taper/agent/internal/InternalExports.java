package io.taper.agent.internal;

import java.lang.instrument.Instrumentation;
import java.util.Map;
import java.util.Set;

/**
 * Opens {@code jdk.internal.misc} (the JDK's own {@code Unsafe}) to the Taper runtime's module, the
 * boot loader's unnamed module, and to nobody else: an analysis's per-instance shadow fields are found
 * there by name ({@code Unsafe.objectFieldOffset(Class, String)}), which, unlike reflection, loads no
 * class. Without it the analysis falls back to its identity map.
 */
final class InternalExports {

    private InternalExports() {
    }

    /**
     * Exports {@code sun.management} to the controller's module, so that it can read HotSpot's safepoint time around
     * its retransformations ({@code SafepointClock}). True if the export is in place.
     */
    static boolean exportManagement(Instrumentation inst, Module controller) {
        try {
            java.util.Optional<Module> management = ModuleLayer.boot().findModule("java.management");
            if (management.isEmpty()) {
                return false;
            }
            Module m = management.get();
            if (!m.isExported("sun.management", controller)) {
                inst.redefineModule(m, Set.of(), Map.of("sun.management", Set.of(controller)), Map.of(), Set.of(),
                    Map.of());
            }
            return m.isExported("sun.management", controller);
        } catch (RuntimeException e) {
            return false;
        }
    }

    /** True if the export is in place. */
    static boolean exportUnsafe(Instrumentation inst, Class<?> runtimeClass) {
        try {
            Module base = Object.class.getModule();
            Module runtime = runtimeClass.getModule();
            if (base.isExported("jdk.internal.misc", runtime)) {
                return true;
            }
            inst.redefineModule(base, Set.of(), Map.of("jdk.internal.misc", Set.of(runtime)), Map.of(), Set.of(),
                Map.of());
            return base.isExported("jdk.internal.misc", runtime);
        } catch (RuntimeException e) {
            return false;
        }
    }
}
