package io.taper.controller;

import java.util.Map;

/**
 * What the agent sends with a WEAVE request for one class: the sites to leave out and the variant to
 * weave for sites that have variants.
 */
public record ClassDeployment(int[] disabledSites, Map<Integer, String> variants) {

    public static final ClassDeployment ALL_ENABLED = new ClassDeployment(new int[0], Map.of());
}
