package io.taper.weaver;

/**
 * One class to weave.
 *
 * @param loaderTag  the agent's tag for the defining loader (0 = bootstrap); part of site identity
 * @param className  internal name, or null/"" to take it from the bytes
 * @param bytes      the class file (the original bytes, also when retransforming)
 * @param deployment which sites to leave out and which variants to weave
 * @param addShadowFields add the analysis's shadow fields ({@link AnalysisSpec#shadowFieldPrefix()}): one
 *                   {@code private transient synthetic Object} per instance field. A class's fields can only
 *                   be chosen when it is first loaded, so ask for them then, and then on every later
 *                   re-weaving of that class, and never for a class loaded without them (the JVM rejects
 *                   a retransformation that adds or removes fields).
 */
public record WeaveRequest(int loaderTag, String className, byte[] bytes, Deployment deployment,
                           boolean addShadowFields) {

    public WeaveRequest {
        if (deployment == null) {
            deployment = Deployment.ALL_ENABLED;
        }
    }

    /** Without shadow fields. */
    public WeaveRequest(int loaderTag, String className, byte[] bytes, Deployment deployment) {
        this(loaderTag, className, bytes, deployment, false);
    }
}
