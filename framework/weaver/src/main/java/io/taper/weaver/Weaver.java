package io.taper.weaver;

import io.taper.weaver.internal.ClassWeaver;
import io.taper.weaver.internal.Scope;
import io.taper.weaver.internal.SiteIds;
import io.taper.weaver.internal.SnippetGroup;
import io.taper.weaver.internal.SnippetReader;
import java.util.ArrayList;
import java.util.List;

/**
 * Weaves an analysis into class files: bytes in, bytes out, plus the class's site table. Thread-safe;
 * site ids are allocated by this instance and stay the same when the same class is woven again (same
 * loader tag, class, method, location and snippet group).
 *
 * <pre>{@code
 * Weaver w = Weaver.create(AnalysisSpec.fromJar(jar));
 * WeaveResult r = w.weave(new WeaveRequest(loaderTag, "com/acme/Foo", bytes, Deployment.ALL_ENABLED));
 * }</pre>
 */
public final class Weaver {

    private final AnalysisSpec spec;
    private final List<SnippetGroup> groups;
    private final ClassHierarchy hierarchy;
    private final SiteIds ids = new SiteIds();
    private final ClassWeaver classWeaver;
    private final String shadowPrefix;
    private final boolean audit;
    private final boolean switchSites;

    private Weaver(AnalysisSpec spec, ClassHierarchy hierarchy, boolean audit, boolean switchSites) {
        this.spec = spec;
        this.audit = audit;
        this.switchSites = switchSites;
        this.hierarchy = hierarchy;
        this.groups = SnippetReader.read(spec.snippetClasses());
        List<Scope> excludes = new ArrayList<>();
        for (String e : spec.excludes()) {
            try {
                excludes.add(Scope.parse(e));
            } catch (IllegalArgumentException ex) {
                throw new SnippetDefinitionException(spec.name() + ": exclude: " + ex.getMessage());
            }
        }
        try {
            shadowPrefix = spec.shadowFieldPrefix();
        } catch (IllegalArgumentException e) {
            throw new SnippetDefinitionException(e.getMessage());
        }
        this.classWeaver = new ClassWeaver(groups, excludes, spec.ownClasses(), ids, hierarchy, shadowPrefix, audit,
                switchSites);
    }

    /**
     * @throws SnippetDefinitionException if a snippet breaks a rule (the message names {@code Class.method})
     */
    public static Weaver create(AnalysisSpec spec) {
        return new Weaver(spec, new ClassHierarchy(), false, false);
    }

    /** With a hierarchy the caller fills (e.g. with every class the observed JVM loads). */
    public static Weaver create(AnalysisSpec spec, ClassHierarchy hierarchy) {
        return new Weaver(spec, hierarchy, false, false);
    }

    /**
     * For an audit of removals: every snippet call is bracketed by {@code io.taper.runtime.Audit.before(site)}
     * and {@code after(site)}, so that events at removed (audited) sites are checked for changes to the result.
     */
    public static Weaver createAudited(AnalysisSpec spec, ClassHierarchy hierarchy) {
        return new Weaver(spec, hierarchy, true, false);
    }

    /**
     * For a run whose controller removes sites (adaptive mode).
     *
     * @param audit       as {@link #createAudited}
     * @param switchSites every site of a snippet that is not {@code @NoSiteSwitch} asks
     *                    {@code io.taper.runtime.SiteSwitches} first (the woven code calls the snippet's switched
     *                    entry, see {@link SnippetPreparer#SWITCHED_SUFFIX}), and its {@code SiteInfo} says it is
     *                    switchable: the controller then removes it at once by switching it off
     */
    public static Weaver create(AnalysisSpec spec, ClassHierarchy hierarchy, boolean audit, boolean switchSites) {
        return new Weaver(spec, hierarchy, audit, switchSites);
    }

    /**
     * Serves weaves of the default deployment (every site woven, no variant: a class's first weaving) from
     * {@code cache} and adds fresh ones to it. Markers and guards must decide from the class and the static context
     * alone, as the API gives them nothing else; the hierarchy answers a weave used are checked on every hit.
     *
     * @param analysisIdentity what distinguishes this analysis from every other (e.g. {@link WovenClassCache#digest}
     *                         of its jar)
     * @return the cache space of this weaver (a directory of the cache)
     */
    public String useCache(WovenClassCache cache, String analysisIdentity) {
        String space = WovenClassCache.space(analysisIdentity, audit, switchSites, shadowPrefix);
        classWeaver.useCache(cache.store(), space);
        return space;
    }

    /** The cache space this weaver uses, or null without a cache. */
    public String cacheSpace() {
        return classWeaver.cacheSpace();
    }

    /** Weaves one class; never throws (failures come back as {@link WeaveResult.Status#FAILED}). */
    public WeaveResult weave(WeaveRequest request) {
        return classWeaver.weave(request);
    }

    public AnalysisSpec spec() {
        return spec;
    }

    /** The analysis's shadow-field prefix, read and checked once ({@link AnalysisSpec#shadowFieldPrefix()}), or null. */
    public String shadowFieldPrefix() {
        return shadowPrefix;
    }

    /** The classes this weaver has seen (it adds every class it parses). */
    public ClassHierarchy hierarchy() {
        return hierarchy;
    }

    /** Snippet group names in declaration order (the {@code snippet} of site tables). */
    public List<String> groups() {
        return groups.stream().map(SnippetGroup::name).toList();
    }

    /** Number of site ids allocated so far. */
    public int sitesAllocated() {
        return ids.allocated();
    }
}
