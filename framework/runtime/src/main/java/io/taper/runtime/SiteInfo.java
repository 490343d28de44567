package io.taper.runtime;

import java.util.Map;

/**
 * One woven snippet instance at one code location: the weaver's site table row, carried to the agent
 * with the woven bytes and registered in the observed JVM.
 *
 * @param id           stable id: the same for the same (loader, class, method, location, snippet) when
 *                     the class is woven again in this run
 * @param loaderTag    the agent's tag for the defining class loader (0 = bootstrap)
 * @param className    internal name of the woven class
 * @param methodName   name of the method holding the site
 * @param methodDesc   descriptor of that method
 * @param location     index of the marked instruction in the original method's instruction list
 *                     (-1 for the method as a whole)
 * @param snippet      the snippet group ({@code SnippetClass.method} unless the snippet names a group)
 * @param variant      the variant woven ("" if the snippet has no variants)
 * @param active       false when the deployment disabled this site (it is listed but not woven)
 * @param staticContext static-context values at this site (keys as in the API's static context)
 * @param switchable   true when the woven code asks {@link SiteSwitches} before the snippet runs (an adaptive
 *                     run's sites, unless the snippet is {@code @NoSiteSwitch}): switching the site off then
 *                     removes it at once, without re-weaving its class
 */
public record SiteInfo(int id, int loaderTag, String className, String methodName, String methodDesc,
                       int location, String snippet, String variant, boolean active,
                       Map<String, String> staticContext, boolean switchable) {

    /** A site without a switch in front of it. */
    public SiteInfo(int id, int loaderTag, String className, String methodName, String methodDesc, int location,
                    String snippet, String variant, boolean active, Map<String, String> staticContext) {
        this(id, loaderTag, className, methodName, methodDesc, location, snippet, variant, active, staticContext,
                false);
    }
}
