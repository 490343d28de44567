package io.taper.weaver.internal;

import java.util.List;

/**
 * Snippets sharing one site per marked region: a single snippet, or variants of which the deployment
 * picks one per site. All variants share kind, marker, args, scope, guard, order and storeLocal.
 */
public final class SnippetGroup {

    final String name;
    final int index;              // position in the analysis: part of site identity
    final List<Snippet> variants;
    final Snippet defaultVariant;

    SnippetGroup(String name, int index, List<Snippet> variants, Snippet defaultVariant) {
        this.name = name;
        this.index = index;
        this.variants = variants;
        this.defaultVariant = defaultVariant;
    }

    /** The variant to weave for this deployment request (null or unknown name: the default). */
    Snippet variant(String requested) {
        if (requested != null) {
            for (Snippet s : variants) {
                if (s.variant.equals(requested)) {
                    return s;
                }
            }
        }
        return defaultVariant;
    }

    public String name() {
        return name;
    }
}
