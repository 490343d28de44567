package io.taper.controller.it;

import io.taper.controller.ClassDeployment;
import io.taper.controller.ClassDeployments;
import io.taper.runtime.SiteInfo;
import io.taper.runtime.SiteRegistry;
import java.lang.instrument.ClassFileTransformer;
import java.security.ProtectionDomain;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * A transformer that follows the agent's contract with {@link ClassDeployments}: ask for the class's
 * deployment, weave {@code Probe.hit(site)} at the entry of every method of the target package (one
 * site per method; variant "twice" calls {@code hitTwice}, variant "bad" emits unverifiable code), then
 * report the site table.
 */
public final class MiniWeaver implements ClassFileTransformer {

    static final String TARGETS = "io/taper/controller/it/target/";
    private static final Map<String, Integer> IDS = new ConcurrentHashMap<>();
    private static final AtomicInteger NEXT_ID = new AtomicInteger(1);
    static final AtomicInteger WEAVES = new AtomicInteger();

    public static int tag(ClassLoader loader) {
        return loader == null ? 0 : 1;
    }

    /** The site id of a target method, e.g. {@code siteOf("Work", "a")} (descriptor {@code ()V}). */
    public static int siteOf(String simpleClass, String method) {
        return siteOf(simpleClass, method, "()V");
    }

    public static int siteOf(String simpleClass, String method, String desc) {
        return IDS.computeIfAbsent(TARGETS + simpleClass + "." + method + desc, k -> NEXT_ID.getAndIncrement());
    }

    @Override
    public byte[] transform(ClassLoader loader, String name, Class<?> redefining, ProtectionDomain pd, byte[] bytes) {
        if (name == null || !name.startsWith(TARGETS)) {
            return null;
        }
        try {
            int tag = tag(loader);
            ClassDeployment d = ClassDeployments.get().forClass(tag, name);
            Set<Integer> off = new HashSet<>();
            for (int id : d.disabledSites()) {
                off.add(id);
            }
            List<SiteInfo> sites = new ArrayList<>();
            ClassReader cr = new ClassReader(bytes);
            ClassWriter cw = new ClassWriter(cr, ClassWriter.COMPUTE_MAXS);
            cr.accept(new ClassVisitor(Opcodes.ASM9, cw) {
                @Override
                public MethodVisitor visitMethod(int access, String m, String desc, String sig, String[] exc) {
                    MethodVisitor mv = super.visitMethod(access, m, desc, sig, exc);
                    if (m.startsWith("<")) {
                        return mv;
                    }
                    int id = IDS.computeIfAbsent(name + "." + m + desc, k -> NEXT_ID.getAndIncrement());
                    String variant = d.variants().getOrDefault(id, "");
                    boolean active = !off.contains(id);
                    sites.add(new SiteInfo(id, tag, name, m, desc, -1, "Probe.hit", variant, active, Map.of()));
                    if (!active) {
                        return mv;
                    }
                    return new MethodVisitor(Opcodes.ASM9, mv) {
                        @Override
                        public void visitCode() {
                            super.visitCode();
                            super.visitLdcInsn(id);
                            if (variant.equals("bad")) {      // an int where a long is expected: VerifyError
                                super.visitMethodInsn(Opcodes.INVOKESTATIC, "io/taper/controller/it/Probe", "hit",
                                        "(J)V", false);
                            } else {
                                super.visitMethodInsn(Opcodes.INVOKESTATIC, "io/taper/controller/it/Probe",
                                        variant.equals("twice") ? "hitTwice" : "hit", "(I)V", false);
                            }
                        }
                    };
                }
            }, 0);
            byte[] out = cw.toByteArray();
            ClassDeployments.get().onWoven(tag, name, sites);
            SiteRegistry.register(sites);
            WEAVES.incrementAndGet();
            return out;
        } catch (Throwable t) {
            t.printStackTrace();
            return null;
        }
    }
}
