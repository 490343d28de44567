package io.taper.weaver.internal;

import io.taper.api.ControlFlowMaxs;
import io.taper.api.StaticKey;
import io.taper.api.marker.MarkedRegion;
import io.taper.api.marker.Marker;
import io.taper.runtime.NeverWoven;
import io.taper.runtime.SiteInfo;
import io.taper.weaver.ClassHierarchy;
import io.taper.weaver.Deployment;
import io.taper.weaver.Fallback;
import io.taper.weaver.WeaveRequest;
import io.taper.weaver.WeaveResult;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassTooLargeException;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.MethodTooLargeException;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.InvokeDynamicInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;

/**
 * Weaves one class: finds the snippet groups whose scope matches each method, asks their markers for
 * regions, evaluates guards, allocates site ids, applies the deployment, and writes the class with
 * {@code COMPUTE_MAXS} over the control-flow graph ({@link ControlFlowMaxs}; frames are kept by hand,
 * never computed: no class is ever loaded).
 */
public final class ClassWeaver {

    private static final StaticKey[] FIELD_KEYS = {
        StaticKey.FIELD_OWNER, StaticKey.FIELD_NAME, StaticKey.FIELD_DESC, StaticKey.FIELD_IS_FINAL};
    private static final StaticKey[] INVOKE_KEYS = {StaticKey.INVOKE_OWNER, StaticKey.INVOKE_NAME, StaticKey.INVOKE_DESC};

    private final List<SnippetGroup> groups;
    private final List<Scope> excludes;
    private final Set<String> ownClasses;
    private final SiteIds ids;
    private final ClassHierarchy hierarchy;
    private final String shadowPrefix;
    private final boolean audit;
    private final boolean switchSites;
    private final Map<String, Integer> groupIndex = new HashMap<>();
    private volatile WovenClassStore cache;
    private volatile byte[] cacheSpaceKey;
    private volatile String cacheSpace;

    public ClassWeaver(List<SnippetGroup> groups, List<Scope> excludes, Set<String> ownClasses, SiteIds ids,
                       ClassHierarchy hierarchy) {
        this(groups, excludes, ownClasses, ids, hierarchy, null, false, false);
    }

    /**
     * @param shadowPrefix the analysis's shadow-field prefix, or null (see {@link ShadowFields})
     * @param audit        bracket every snippet call for the audit of removals (see {@code io.taper.runtime.Audit})
     * @param switchSites  call switchable snippets through their switched entries (see {@code Weaver.create})
     */
    public ClassWeaver(List<SnippetGroup> groups, List<Scope> excludes, Set<String> ownClasses, SiteIds ids,
                       ClassHierarchy hierarchy, String shadowPrefix, boolean audit, boolean switchSites) {
        this.shadowPrefix = shadowPrefix;
        this.audit = audit;
        this.switchSites = switchSites;
        this.groups = groups;
        this.excludes = excludes;
        this.ownClasses = ownClasses;
        this.ids = ids;
        this.hierarchy = hierarchy;
        for (SnippetGroup g : groups) {
            groupIndex.merge(g.name, g.index, (a, b) -> -1);   // a name twice: its sites are not cached
        }
    }

    /**
     * Serves weaves of the default deployment from {@code store} (and adds to it).
     *
     * @param space the cache space of this weaver: its analysis, options and code, as hex (a directory name)
     */
    /** The cache space in use, or null without a cache. */
    public String cacheSpace() {
        return cacheSpace;
    }

    public void useCache(WovenClassStore store, String space) {
        this.cacheSpace = space;
        this.cacheSpaceKey = HexFormat.of().parseHex(space);
        this.cache = store;
    }

    /** Never throws: every failure becomes a FAILED result with a message. */
    public WeaveResult weave(WeaveRequest request) {
        String name = request.className();
        try {
            return doWeave(request);
        } catch (Throwable t) {  // a weaver bug or a marker/guard failure must not escape to the server loop
            String cls = name == null || name.isEmpty() ? "class" : name;
            return new WeaveResult(WeaveResult.Status.FAILED, null, List.of(), List.of(),
                cls + ": weaving failed: " + t);
        }
    }

    private WeaveResult doWeave(WeaveRequest request) {
        byte[] bytes = request.bytes();
        String name = request.className();
        if (bytes == null || bytes.length == 0) {
            return failed(name, "no class bytes");
        }
        ClassReader reader;
        try {
            reader = new ClassReader(bytes);
            if (name == null || name.isEmpty()) {
                name = reader.getClassName();
            }
        } catch (RuntimeException e) {
            return failed(name, "cannot parse class file (" + bytes.length + " bytes): " + e);
        }
        if (NeverWoven.matches(name) || ownClasses.contains(name)) {
            return unchanged(bytes, List.of(), List.of());
        }
        List<SnippetGroup> candidates = new ArrayList<>(groups.size());
        for (SnippetGroup g : groups) {
            if (g.defaultVariant.scope.mayMatchClass(name)) {
                candidates.add(g);
            }
        }
        // an analysis that adds members hides them from reflection through the JDK's own filter
        boolean hides = shadowPrefix != null && ReflectionFilterPatch.TARGET.equals(name);
        if (candidates.isEmpty() && !hides) {
            return unchanged(bytes, List.of(), List.of());
        }
        WovenClassStore store = cache;
        if (store == null || !request.deployment().isDefault()) {
            return weaveParsed(request, reader, bytes, name, candidates, hides, null);
        }
        byte[] key = CacheKeys.of(cacheSpaceKey, request.addShadowFields(), bytes);
        WeaveResult hit = fromCache(store, key, request, bytes);
        if (hit != null) {
            return hit;
        }
        WeaveFacts facts = new WeaveFacts();
        WeaveResult r = weaveParsed(request, reader, bytes, name, candidates, hides, facts);
        toCache(store, key, reader.getClassName(), r, reader.getItemCount(), facts);
        return r;
    }

    private WeaveResult weaveParsed(WeaveRequest request, ClassReader reader, byte[] bytes, String name,
                                    List<SnippetGroup> candidates, boolean hides, WeaveFacts facts) {
        ClassNode cn = new ClassNode();
        try {
            reader.accept(cn, ClassReader.EXPAND_FRAMES);
        } catch (RuntimeException e) {
            return failed(name, "cannot parse class file (" + bytes.length + " bytes): " + e);
        }
        hierarchy.add(cn);
        if ((cn.access & Opcodes.ACC_MODULE) != 0) {
            return unchanged(bytes, List.of(), List.of());
        }
        List<SiteInfo> sites = new ArrayList<>();
        Map<Integer, Integer> activeByMethod = new HashMap<>();
        SiteIds.ClassSites classSites = ids.forClass(request.loaderTag(), cn.name);
        for (int mi = 0; mi < cn.methods.size(); mi++) {
            MethodNode m = cn.methods.get(mi);
            if (m.instructions.size() == 0) {
                continue;
            }
            int active = weaveMethod(request, cn, m, candidates, classSites, sites, facts == null ? new WeaveFacts() : facts);
            if (active > 0) {
                activeByMethod.put(mi, active);
            }
        }
        // Shadow fields come with the class whatever its sites: a re-weaving with every site disabled must
        // still declare them.
        int shadows = request.addShadowFields() ? ShadowFields.add(cn, shadowPrefix) : 0;
        int filters = hides ? ReflectionFilterPatch.apply(cn) : 0;
        if (activeByMethod.isEmpty() && shadows == 0 && filters == 0) {
            return unchanged(bytes, sites, List.of());
        }
        return write(reader, bytes, cn, sites, activeByMethod, shadows > 0 || filters > 0);
    }

    /** @return the number of active placements woven into the method */
    private int weaveMethod(WeaveRequest request, ClassNode cn, MethodNode m, List<SnippetGroup> candidates,
                            SiteIds.ClassSites classSites, List<SiteInfo> sites, WeaveFacts facts) {
        if (excluded(cn.name, m)) {
            return 0;
        }
        List<SnippetGroup> applicable = null;
        for (SnippetGroup g : candidates) {
            if (g.defaultVariant.scope.matches(cn.name, m.name, m.desc)) {
                if (applicable == null) {
                    applicable = new ArrayList<>(candidates.size());
                }
                applicable.add(g);
            }
        }
        if (applicable == null) {
            return 0;
        }
        Deployment deployment = request.deployment();
        RegionContext.MethodScope scope = new RegionContext.MethodScope(cn, m, hierarchy, facts);
        MethodWeaver weaver = new MethodWeaver(cn, m, audit, switchSites);
        Map<String, List<MarkedRegion>> regionsByMarker = new HashMap<>();
        String methodKey = m.name + m.desc;
        int active = 0;
        for (SnippetGroup g : applicable) {
            Snippet proto = g.defaultVariant;
            List<MarkedRegion> regions = regionsByMarker.get(proto.markerKey);
            if (regions == null) {
                regions = mark(proto.marker, cn, m, proto.markerArgs);
                regionsByMarker.put(proto.markerKey, regions);
            }
            for (MarkedRegion region : regions) {
                int startIdx = m.instructions.indexOf(region.start());
                RegionContext ctx = new RegionContext(scope, region, proto.marker, startIdx);
                if (proto.guard != null && !proto.guard.accept(ctx)) {
                    continue;
                }
                int location = region.isWholeBody() ? -1 : startIdx;
                int id;
                synchronized (classSites) {
                    id = classSites.id(classSites.method(methodKey), location, g.index);
                }
                Snippet chosen = g.variant(deployment.variant(id));
                boolean enabled = deployment.isEnabled(id);
                sites.add(new SiteInfo(id, request.loaderTag(), cn.name, m.name, m.desc, location, g.name,
                    chosen.variant, enabled, siteContext(ctx, chosen), switchSites && chosen.switchable));
                if (enabled) {
                    weaver.add(chosen, id, region, ctx);
                    active++;
                }
            }
        }
        if (active > 0 && !weaver.isEmpty()) {
            weaver.apply();
            return active;
        }
        return 0;
    }

    private static List<MarkedRegion> mark(Marker marker, ClassNode cn, MethodNode m, String args) {
        List<MarkedRegion> regions = marker.mark(cn, m, args);
        return regions == null ? List.of() : regions;
    }

    private boolean excluded(String cls, MethodNode m) {
        for (Scope s : excludes) {
            if (s.matches(cls, m.name, m.desc)) {
                return true;
            }
        }
        return false;
    }

    /**
     * The cached weave of these bytes, moved to this weaver's site ids (allocated as a fresh weave allocates
     * them), or null when there is none or it does not hold here (then the class is woven afresh).
     */
    private WeaveResult fromCache(WovenClassStore store, byte[] key, WeaveRequest request, byte[] original) {
        long start = System.nanoTime();
        byte[] data = store.read(cacheSpace, key);
        if (data == null) {
            store.misses.incrementAndGet();
            return null;
        }
        CacheEntry e;
        try {
            e = CacheEntry.decode(data, key);
        } catch (IOException | RuntimeException bad) {
            store.refuse(cacheSpace, key, bad.getMessage());
            store.misses.incrementAndGet();
            return null;
        }
        // as a fresh weave: the class joins the hierarchy before its own questions are asked
        hierarchy.add(original);
        if (!e.facts.holdIn(hierarchy)) {
            store.factMismatches.incrementAndGet();
            store.misses.incrementAndGet();
            return null;
        }
        int[] moved = new int[e.sites.size()];
        SiteIds.ClassSites classSites = ids.forClass(request.loaderTag(), e.className);
        synchronized (classSites) {
            for (int i = 0; i < moved.length; i++) {
                SiteInfo s = e.sites.get(i);
                moved[i] = classSites.id(classSites.method(s.methodName() + s.methodDesc()), s.location(), e.groups[i]);
            }
        }
        byte[] bytes = original;
        if (e.woven) {
            bytes = SiteIdConstants.relocate(e.bytes, e.items, moved, e.sites);
            if (bytes == null) {
                store.relocationsRefused.incrementAndGet();
                store.misses.incrementAndGet();
                return null;
            }
        }
        List<SiteInfo> sites = new ArrayList<>(moved.length);
        for (int i = 0; i < moved.length; i++) {
            SiteInfo s = e.sites.get(i);
            sites.add(new SiteInfo(moved[i], request.loaderTag(), e.className, s.methodName(), s.methodDesc(),
                s.location(), s.snippet(), s.variant(), true, s.staticContext(), s.switchable()));
        }
        store.hits.incrementAndGet();
        store.hitNanos.addAndGet(System.nanoTime() - start);
        return new WeaveResult(e.woven ? WeaveResult.Status.WOVEN : WeaveResult.Status.UNCHANGED, bytes,
            List.copyOf(sites), List.of(), null);
    }

    /** Keeps a fresh weave of the default deployment whose ids can be moved; anything else is not kept. */
    private void toCache(WovenClassStore store, byte[] key, String className, WeaveResult r, int originalItems,
                         WeaveFacts facts) {
        if (r.status() == WeaveResult.Status.FAILED) {
            return;   // reported again, every time
        }
        if (!r.fallbacks().isEmpty()) {
            store.notStorable.incrementAndGet();   // a method that fell back allocated ids that no site keeps
            return;
        }
        boolean woven = r.status() == WeaveResult.Status.WOVEN;
        if (!woven && r.sites().isEmpty()) {
            return;   // nothing in scope: answered before any parsing, a cache would not be faster
        }
        store.write(cacheSpace, key, () -> entry(store, key, className, r, woven, originalItems, facts));
    }

    /** The cache entry of a fresh weave (on the cache's writer thread), or null if its ids cannot be moved. */
    private byte[] entry(WovenClassStore store, byte[] key, String className, WeaveResult r, boolean woven,
                         int originalItems, WeaveFacts facts) {
        try {
            int[] groups = new int[r.sites().size()];
            for (int i = 0; i < groups.length; i++) {
                SiteInfo s = r.sites().get(i);
                Integer g = groupIndex.get(s.snippet());
                if (g == null || g < 0 || !s.active()) {
                    store.notStorable.incrementAndGet();
                    return null;
                }
                groups[i] = g;
            }
            int[] items = woven ? SiteIdConstants.locate(r.bytes(), originalItems, r.sites()) : new int[groups.length];
            if (items == null) {
                store.notStorable.incrementAndGet();
                return null;
            }
            if (!woven) {
                java.util.Arrays.fill(items, -1);
            }
            return new CacheEntry(woven, className, woven ? r.bytes() : null, r.sites(), groups, items, facts).encode(key);
        } catch (IOException | RuntimeException e) {
            store.notStorable.incrementAndGet();
            return null;
        }
    }

    /** The static context recorded in the site table: the keys the snippet asks for plus the field/invoke target. */
    private static Map<String, String> siteContext(RegionContext ctx, Snippet s) {
        Map<String, String> values = new LinkedHashMap<>();
        AbstractInsnNode insn = ctx.instruction();
        if (insn instanceof FieldInsnNode) {
            for (StaticKey k : FIELD_KEYS) {
                values.put(k.key(), String.valueOf(ctx.value(k)));
            }
        } else if (insn instanceof MethodInsnNode || insn instanceof InvokeDynamicInsnNode) {
            for (StaticKey k : INVOKE_KEYS) {
                values.put(k.key(), String.valueOf(ctx.value(k)));
            }
        }
        for (SnippetParam p : s.params) {
            if (p.kind() == SnippetParam.Kind.STATIC) {
                values.putIfAbsent(p.key().key(), String.valueOf(ctx.value(p.key())));
            }
        }
        return values.isEmpty() ? Map.of() : Collections.unmodifiableMap(values);
    }

    /**
     * Writes the class; a method over 64 KB gets its original code back and loses its sites. A class with
     * shadow fields is written even if no site is left, since it must declare them.
     */
    private WeaveResult write(ClassReader reader, byte[] original, ClassNode cn, List<SiteInfo> sites,
                              Map<Integer, Integer> activeByMethod, boolean mustWrite) {
        List<Fallback> fallbacks = new ArrayList<>();
        ClassNode originalNode = null;
        while (true) {
            try {
                ClassWriter cw = new ClassWriter(reader, ClassWriter.COMPUTE_MAXS);
                cn.accept(ControlFlowMaxs.into(cw));
                byte[] woven = ControlFlowMaxs.withVersion(cw.toByteArray(), cn.version);
                return new WeaveResult(WeaveResult.Status.WOVEN, woven, List.copyOf(sites),
                    List.copyOf(fallbacks), null);
            } catch (MethodTooLargeException e) {
                if (originalNode == null) {
                    originalNode = new ClassNode();
                    reader.accept(originalNode, ClassReader.EXPAND_FRAMES);
                }
                int mi = indexOf(cn, e.getMethodName(), e.getDescriptor());
                if (mi < 0 || !activeByMethod.containsKey(mi)) {
                    // an original method over the limit cannot be written at all
                    return unchanged(original, List.of(), List.of(new Fallback(cn.name, "", "",
                        "class cannot be rewritten: " + e.getMessage())));
                }
                cn.methods.set(mi, originalNode.methods.get(mi));
                activeByMethod.remove(mi);
                String mName = e.getMethodName();
                String mDesc = e.getDescriptor();
                sites.removeIf(s -> s.methodName().equals(mName) && s.methodDesc().equals(mDesc));
                fallbacks.add(new Fallback(cn.name, mName, mDesc,
                    "method would exceed 64 KB (code size " + e.getCodeSize() + ")"));
                if (activeByMethod.isEmpty() && !mustWrite) {
                    return unchanged(original, sites, fallbacks);
                }
            } catch (ClassTooLargeException e) {
                return unchanged(original, List.of(), List.of(new Fallback(cn.name, "", "",
                    "class would exceed the constant pool limit (" + e.getConstantPoolCount() + " entries)")));
            }
        }
    }

    private static int indexOf(ClassNode cn, String name, String desc) {
        for (int i = 0; i < cn.methods.size(); i++) {
            MethodNode m = cn.methods.get(i);
            if (m.name.equals(name) && m.desc.equals(desc)) {
                return i;
            }
        }
        return -1;
    }

    private static WeaveResult unchanged(byte[] bytes, List<SiteInfo> sites, List<Fallback> fallbacks) {
        return new WeaveResult(WeaveResult.Status.UNCHANGED, bytes, List.copyOf(sites), List.copyOf(fallbacks), null);
    }

    private static WeaveResult failed(String name, String why) {
        return new WeaveResult(WeaveResult.Status.FAILED, null, List.of(), List.of(),
            (name == null || name.isEmpty() ? "class" : name) + ": " + why);
    }
}
