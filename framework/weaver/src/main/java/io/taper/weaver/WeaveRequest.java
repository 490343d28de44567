package io.taper.weaver;

/**
 * One class to weave.
 *
 * @param loaderTag  the agent's tag for the defining loader (0 = bootstrap); part of site identity
 * @param className  internal name, or null/"" to take it from the bytes
 * @param bytes      the class file (the original bytes, also when retransforming)
 * @param deployment which sites to leave out and which variants to weave
 */
public record WeaveRequest(int loaderTag, String className, byte[] bytes, Deployment deployment) {

    public WeaveRequest {
        if (deployment == null) {
            deployment = Deployment.ALL_ENABLED;
        }
    }
}
