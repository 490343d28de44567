package io.taper.weaver;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import io.taper.api.After;
import io.taper.api.Before;
import io.taper.api.marker.BodyMarker;
import io.taper.runtime.SiteInfo;
import io.taper.weaver.fork.ForkedRun;
import io.taper.weaver.snippets.DeploySnippets;
import io.taper.weaver.snippets.ExitSnippets;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.FieldNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;

/** Site ids, deployments (disabled sites, variants), class shape, snippet order, retransformation. */
class SitesAndDeploymentTest {

    private static final String DEPLOYED = "validation/targets/Deployed";
    private static final String TRY = "validation/targets/TryCatchFinally";

    static byte[] classBytes(String internalName) throws IOException {
        try (InputStream in = SitesAndDeploymentTest.class.getClassLoader().getResourceAsStream(internalName + ".class")) {
            return in.readAllBytes();
        }
    }

    private static Weaver weaver(Class<?> snippets) {
        return Weaver.create(AnalysisSpec.of("test", List.of(snippets), List.of()));
    }

    @Test
    void siteIdsAreStableWhenTheSameClassIsWovenAgain() throws IOException {
        Weaver w = weaver(ExitSnippets.class);
        byte[] original = classBytes(TRY);
        WeaveResult first = w.weave(new WeaveRequest(7, TRY, original, Deployment.ALL_ENABLED));
        WeaveResult again = w.weave(new WeaveRequest(7, TRY, original, Deployment.ALL_ENABLED));
        assertEquals(WeaveResult.Status.WOVEN, first.status());
        assertEquals(first.sites(), again.sites());
        assertArrayEquals(first.bytes(), again.bytes());
        // 9 methods (<init> included) × (enter, returned, threw, after) + 7 exception handlers: run (2),
        // catchesInside, finallyReturn (never reached), nested (2), escapes
        assertEquals(9 * 4 + 7, first.sites().size());
        assertEquals(first.sites().size(), first.sites().stream().map(SiteInfo::id).distinct().count());
        SiteInfo s = first.sites().get(0);
        assertEquals(new SiteInfo(1, 7, TRY, "<init>", "()V", -1, "ExitSnippets.enter", "", true,
            java.util.Map.of("method.name", "<init>")), s);
    }

    @Test
    void anAdaptiveRunsSitesCallTheSwitchedEntriesWithTheirSiteIdFirst() throws IOException {
        byte[] original = classBytes(TRY);
        Weaver plain = weaver(ExitSnippets.class);
        Weaver switched = Weaver.create(AnalysisSpec.of("test", List.of(ExitSnippets.class), List.of()),
            new ClassHierarchy(), false, true);
        WeaveResult p = plain.weave(new WeaveRequest(7, TRY, original, Deployment.ALL_ENABLED));
        WeaveResult r = switched.weave(new WeaveRequest(7, TRY, original, Deployment.ALL_ENABLED));
        assertEquals(p.sites().size(), r.sites().size());
        assertEquals(p.sites().stream().map(SiteInfo::id).toList(), r.sites().stream().map(SiteInfo::id).toList());
        assertEquals(List.of(false), p.sites().stream().map(SiteInfo::switchable).distinct().toList());
        assertEquals(List.of(true), r.sites().stream().map(SiteInfo::switchable).distinct().toList());

        String owner = "io/taper/weaver/snippets/ExitSnippets";
        int direct = 0;
        int viaSwitch = 0;
        ClassNode cn = new ClassNode();
        new ClassReader(r.bytes()).accept(cn, 0);
        for (MethodNode m : cn.methods) {
            for (AbstractInsnNode n : m.instructions) {
                if (n instanceof MethodInsnNode call && call.owner.equals(owner)) {
                    if (call.name.endsWith(SnippetPreparer.SWITCHED_SUFFIX)) {
                        viaSwitch++;
                        String plainName = call.name.substring(0, call.name.length() - SnippetPreparer.SWITCHED_SUFFIX.length());
                        assertEquals(call.desc, "(I" + snippetDesc(plainName).substring(1), call.name);
                    } else {
                        direct++;
                    }
                }
            }
        }
        assertEquals(0, direct, "every snippet is called through its switch");
        assertEquals(countCalls(p.bytes(), owner), viaSwitch, "one switched call where the plain weave calls");
        java.io.StringWriter problems = new java.io.StringWriter();
        org.objectweb.asm.util.CheckClassAdapter.verify(new ClassReader(r.bytes()), getClass().getClassLoader(), false,
            new java.io.PrintWriter(problems));
        assertEquals("", problems.toString());
    }

    private static String snippetDesc(String name) {
        for (java.lang.reflect.Method m : ExitSnippets.class.getMethods()) {
            if (m.getName().equals(name)) {
                return org.objectweb.asm.Type.getMethodDescriptor(m);
            }
        }
        throw new AssertionError(name);
    }

    private static int countCalls(byte[] classBytes, String owner) {
        ClassNode cn = new ClassNode();
        new ClassReader(classBytes).accept(cn, 0);
        int n = 0;
        for (MethodNode m : cn.methods) {
            for (AbstractInsnNode i : m.instructions) {
                if (i instanceof MethodInsnNode call && call.owner.equals(owner)) {
                    n++;
                }
            }
        }
        return n;
    }

    @Test
    void idsDependOnTheLoaderAndAreNeverReused() throws IOException {
        Weaver w = weaver(ExitSnippets.class);
        byte[] original = classBytes(TRY);
        List<Integer> loader1 = ids(w.weave(new WeaveRequest(1, TRY, original, Deployment.ALL_ENABLED)));
        List<Integer> loader2 = ids(w.weave(new WeaveRequest(2, TRY, original, Deployment.ALL_ENABLED)));
        List<Integer> loader1Again = ids(w.weave(new WeaveRequest(1, TRY, original, Deployment.ALL_ENABLED)));
        assertEquals(loader1, loader1Again);
        List<Integer> both = new ArrayList<>(loader1);
        both.retainAll(loader2);
        assertEquals(List.of(), both);
        assertEquals(loader1.size() * 2, w.sitesAllocated());
    }

    @Test
    void concurrentWeavingAllocatesEachSiteOnce() throws Exception {
        Weaver w = weaver(ExitSnippets.class);
        byte[] original = classBytes(TRY);
        int loaders = 40;
        java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(4);
        try {
            List<java.util.concurrent.Future<List<Integer>>> runs = new ArrayList<>();
            for (int round = 0; round < 3; round++) {
                for (int tag = 0; tag < loaders; tag++) {
                    int t = tag;
                    runs.add(pool.submit(() -> ids(w.weave(new WeaveRequest(t, TRY, original, Deployment.ALL_ENABLED)))));
                }
            }
            java.util.Set<Integer> distinct = new java.util.HashSet<>();
            for (int i = 0; i < runs.size(); i++) {
                List<Integer> ids = runs.get(i).get();
                assertEquals(runs.get(i % loaders).get(), ids, "same loader tag, same ids");
                distinct.addAll(ids);
            }
            assertEquals(43 * loaders, distinct.size());
            assertEquals(43 * loaders, w.sitesAllocated());
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void disablingASiteRemovesItsCallAndKeepsTheClassShape() throws IOException {
        Weaver w = weaver(DeploySnippets.class);
        byte[] original = classBytes(DEPLOYED);
        WeaveResult all = w.weave(new WeaveRequest(0, DEPLOYED, original, Deployment.ALL_ENABLED));
        int alpha = siteOf(all, "alpha");
        WeaveResult without = w.weave(new WeaveRequest(0, DEPLOYED, original, Deployment.disabling(alpha)));
        assertEquals(List.of("<init>", "run", "alpha", "beta"), calledFrom(all.bytes(), "full"));
        assertEquals(List.of("<init>", "run", "beta"), calledFrom(without.bytes(), "full"));
        assertEquals(ids(all), ids(without));
        assertEquals(List.of(true, true, false, true), without.sites().stream().map(SiteInfo::active).toList());
        String shape = shape(original);
        assertEquals(shape, shape(all.bytes()));
        assertEquals(shape, shape(without.bytes()));
    }

    @Test
    void disablingEverySiteGivesTheOriginalBytesAndListsTheSites() throws IOException {
        Weaver w = weaver(DeploySnippets.class);
        byte[] original = classBytes(DEPLOYED);
        int[] ids = ids(w.weave(new WeaveRequest(0, DEPLOYED, original, Deployment.ALL_ENABLED)))
            .stream().mapToInt(Integer::intValue).toArray();
        WeaveResult r = w.weave(new WeaveRequest(0, DEPLOYED, original, Deployment.disabling(ids)));
        assertEquals(WeaveResult.Status.UNCHANGED, r.status());
        assertSame(original, r.bytes());
        assertEquals(List.of(false, false, false, false), r.sites().stream().map(SiteInfo::active).toList());
    }

    @Test
    void theDeploymentPicksTheVariantPerSite() throws IOException {
        Weaver w = weaver(DeploySnippets.class);
        byte[] original = classBytes(DEPLOYED);
        WeaveResult all = w.weave(new WeaveRequest(0, DEPLOYED, original, Deployment.ALL_ENABLED));
        int beta = siteOf(all, "beta");
        WeaveResult switched = w.weave(new WeaveRequest(0, DEPLOYED, original,
            Deployment.ALL_ENABLED.withVariant(beta, "short")));
        assertEquals(List.of("<init>", "run", "alpha"), calledFrom(switched.bytes(), "full"));
        assertEquals(List.of("beta"), calledFrom(switched.bytes(), "brief"));
        assertEquals(List.of("", "", "", "short"), switched.sites().stream().map(SiteInfo::variant).toList());
        assertEquals(List.of("enter", "enter", "enter", "enter"), switched.sites().stream().map(SiteInfo::snippet).toList());
        WeaveResult unknown = w.weave(new WeaveRequest(0, DEPLOYED, original,
            Deployment.ALL_ENABLED.withVariant(beta, "no-such-variant")));
        assertArrayEquals(all.bytes(), unknown.bytes());
        assertEquals(shape(original), shape(switched.bytes()));
    }

    /** Snippets at one place: @Before by ascending order, after kinds by descending order (DiSL's rule). */
    public static class Ordered {
        @Before(marker = BodyMarker.class, scope = "validation.targets.Deployed.alpha", order = 2)
        public static void before2() {
        }

        @Before(marker = BodyMarker.class, scope = "validation.targets.Deployed.alpha", order = 1)
        public static void before1() {
        }

        @After(marker = BodyMarker.class, scope = "validation.targets.Deployed.alpha", order = 1)
        public static void after1() {
        }

        @After(marker = BodyMarker.class, scope = "validation.targets.Deployed.alpha", order = 2)
        public static void after2() {
        }
    }

    @Test
    void snippetsAtOnePlaceFollowTheirOrder() throws IOException {
        WeaveResult r = weaver(Ordered.class).weave(new WeaveRequest(0, DEPLOYED, classBytes(DEPLOYED),
            Deployment.ALL_ENABLED));
        // entry; normal exit; then the exceptional-exit handler appended after the code
        assertEquals(List.of("before1", "before2", "after2", "after1", "after2", "after1"),
            snippetCalls(r.bytes(), "alpha"));
    }

    @Test
    void retransformationAcceptsEveryDeployment() throws Exception {
        Path work = Files.createDirectories(Path.of("target", "retransform"));
        List<String> out = ForkedRun.runRetransform(work);
        assertEquals(List.of(
            "woven WOVEN sites [<init>, run, alpha, beta]",
            "all enabled: [enter run, enter alpha, enter beta]",
            "woven WOVEN sites [<init>, run, alpha:off, beta]",
            "alpha disabled: [enter run, enter beta]",
            "woven WOVEN sites [<init>, run, alpha:off, beta:short]",
            "beta short: [enter run, short beta]",
            "woven WOVEN sites [<init>, run:off, alpha:off, beta:off]",
            "all disabled: []",
            "woven WOVEN sites [<init>, run, alpha, beta]",
            "all enabled again: [enter run, enter alpha, enter beta]",
            "shadow fields: [private transient Object $taper$t$note, private transient Object $taper$t$seen]"), out);
    }

    // ---- helpers ---------------------------------------------------------------------------------

    private static List<Integer> ids(WeaveResult r) {
        return r.sites().stream().map(SiteInfo::id).toList();
    }

    private static int siteOf(WeaveResult r, String method) {
        return r.sites().stream().filter(s -> s.methodName().equals(method)).findFirst().orElseThrow().id();
    }

    /** Methods of the class that call the snippet method with this name. */
    private static List<String> calledFrom(byte[] bytes, String snippet) {
        ClassNode cn = new ClassNode();
        new ClassReader(bytes).accept(cn, 0);
        List<String> out = new ArrayList<>();
        for (MethodNode m : cn.methods) {
            if (snippetCallsIn(m).contains(snippet)) {
                out.add(m.name);
            }
        }
        return out;
    }

    private static List<String> snippetCalls(byte[] bytes, String method) {
        ClassNode cn = new ClassNode();
        new ClassReader(bytes).accept(cn, 0);
        return snippetCallsIn(cn.methods.stream().filter(m -> m.name.equals(method)).findFirst().orElseThrow());
    }

    private static List<String> snippetCallsIn(MethodNode m) {
        List<String> calls = new ArrayList<>();
        for (AbstractInsnNode n = m.instructions.getFirst(); n != null; n = n.getNext()) {
            if (n.getOpcode() == Opcodes.INVOKESTATIC && ((MethodInsnNode) n).owner.startsWith("io/taper/weaver/")) {
                calls.add(((MethodInsnNode) n).name);
            }
        }
        return calls;
    }

    /** Everything retransformation must keep: class header, fields, methods (not their code), attributes. */
    static String shape(byte[] bytes) {
        ClassNode cn = new ClassNode();
        new ClassReader(bytes).accept(cn, ClassReader.SKIP_CODE);
        StringBuilder sb = new StringBuilder();
        sb.append(cn.version).append(' ').append(cn.access).append(' ').append(cn.name).append(' ')
            .append(cn.signature).append(' ').append(cn.superName).append(' ').append(cn.interfaces).append(' ')
            .append(cn.sourceFile).append(' ').append(cn.nestHostClass).append(' ').append(cn.nestMembers).append('\n');
        cn.innerClasses.forEach(ic -> sb.append("inner ").append(ic.name).append(' ').append(ic.access).append('\n'));
        for (FieldNode f : cn.fields) {
            sb.append("field ").append(f.access).append(' ').append(f.name).append(f.desc).append(' ')
                .append(f.signature).append(' ').append(f.value).append('\n');
        }
        for (MethodNode m : cn.methods) {
            sb.append("method ").append(m.access).append(' ').append(m.name).append(m.desc).append(' ')
                .append(m.signature).append(' ').append(m.exceptions).append(' ')
                .append(m.visibleAnnotations == null ? 0 : m.visibleAnnotations.size()).append('\n');
        }
        return sb.toString();
    }
}
