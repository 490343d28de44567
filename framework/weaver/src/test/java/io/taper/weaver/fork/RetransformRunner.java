package io.taper.weaver.fork;

import io.taper.runtime.SiteInfo;
import io.taper.weaver.AnalysisSpec;
import io.taper.weaver.Deployment;
import io.taper.weaver.WeaveRequest;
import io.taper.weaver.WeaveResult;
import io.taper.weaver.Weaver;
import io.taper.weaver.snippets.DeploySnippets;
import io.taper.weaver.testsupport.Events;
import java.io.InputStream;
import java.lang.instrument.ClassFileTransformer;
import java.security.ProtectionDomain;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Main class of a forked JVM (with {@link TestAgent}): weaves {@code validation.targets.Deployed} in a
 * ClassFileTransformer, as the agent does, with the current deployment; then changes the deployment and
 * calls {@code retransformClasses}, which fails unless the class shape is identical.
 */
public final class RetransformRunner {

    private static final String TARGET = "validation.targets.Deployed";
    private static volatile Deployment deployment = Deployment.ALL_ENABLED;
    private static final Map<String, Integer> siteOf = new HashMap<>();

    public static void main(String[] args) throws Exception {
        // with shadow fields: every retransformation below fails unless it adds the first load's fields again
        Weaver weaver = Weaver.create(AnalysisSpec.of("deploy", List.of(DeploySnippets.class), List.of())
            .withShadowFields("$taper$t$"));
        String internal = TARGET.replace('.', '/');
        TestAgent.instrumentation.addTransformer(new ClassFileTransformer() {
            @Override
            public byte[] transform(ClassLoader loader, String name, Class<?> redefined, ProtectionDomain pd,
                                    byte[] bytes) {
                if (!internal.equals(name)) {
                    return null;
                }
                WeaveResult r = weaver.weave(new WeaveRequest(1, name, bytes, deployment, true));
                for (SiteInfo s : r.sites()) {
                    siteOf.put(s.methodName(), s.id());
                }
                System.out.println("woven " + r.status() + " sites " + r.sites().stream()
                    .map(s -> s.methodName() + (s.active() ? "" : ":off") + (s.variant().isEmpty() ? "" : ":" + s.variant()))
                    .toList());
                return r.status() == WeaveResult.Status.WOVEN ? r.bytes() : null;
            }
        }, true);
        Class<?> target = new ClassLoader(RetransformRunner.class.getClassLoader()) {
            Class<?> load() throws Exception {
                try (InputStream in = getParent().getResourceAsStream(internal + ".class")) {
                    byte[] b = in.readAllBytes();
                    return defineClass(TARGET, b, 0, b.length);
                }
            }
        }.load();
        phase("all enabled", target);
        deployment = Deployment.disabling(siteOf.get("alpha"));
        TestAgent.instrumentation.retransformClasses(target);
        phase("alpha disabled", target);
        deployment = deployment.withVariant(siteOf.get("beta"), "short");
        TestAgent.instrumentation.retransformClasses(target);
        phase("beta short", target);
        deployment = Deployment.disabling(siteOf.get("run"), siteOf.get("alpha"), siteOf.get("beta"));
        TestAgent.instrumentation.retransformClasses(target);
        phase("all disabled", target);
        deployment = Deployment.ALL_ENABLED;
        TestAgent.instrumentation.retransformClasses(target);
        phase("all enabled again", target);
        List<String> shadows = new java.util.ArrayList<>();
        for (java.lang.reflect.Field f : target.getDeclaredFields()) {
            if (f.isSynthetic()) {
                shadows.add(java.lang.reflect.Modifier.toString(f.getModifiers()) + " " + f.getType().getSimpleName() + " " + f.getName());
            }
        }
        java.util.Collections.sort(shadows);
        System.out.println("shadow fields: " + shadows);
    }

    private static void phase(String name, Class<?> target) throws Exception {
        target.getMethod("run").invoke(null);
        System.out.println(name + ": " + Events.drain());
    }

    private RetransformRunner() {
    }
}
