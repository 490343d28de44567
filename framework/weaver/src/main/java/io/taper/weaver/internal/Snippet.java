package io.taper.weaver.internal;

import io.taper.api.Guard;
import io.taper.api.marker.Marker;
import org.objectweb.asm.Type;

/** One validated snippet method (one variant of a {@link SnippetGroup}). */
final class Snippet {

    final String owner;        // internal name of the snippet class
    final boolean ownerIsInterface;
    final String name;
    final String desc;
    final String displayName;  // Class.method, for messages
    final SnippetKind kind;
    final int seq;             // declaration sequence over the whole analysis
    final String group;
    final String variant;
    final int order;
    final Marker marker;
    final String markerArgs;
    final String markerKey;    // marker class + args: regions are shared by snippets with the same key
    final Scope scope;
    final Guard guard;         // null: accept all
    final String storeLocal;   // "" : none
    final Type returnType;
    final SnippetParam[] params;
    /** False for a {@code @NoSiteSwitch} snippet: no switch in front of it, even in an adaptive run. */
    final boolean switchable;

    Snippet(String owner, boolean ownerIsInterface, String name, String desc, String displayName, SnippetKind kind, int seq, String group,
            String variant, int order, Marker marker, String markerArgs, Scope scope, Guard guard,
            String storeLocal, Type returnType, SnippetParam[] params, boolean switchable) {
        this.owner = owner;
        this.ownerIsInterface = ownerIsInterface;
        this.name = name;
        this.desc = desc;
        this.displayName = displayName;
        this.kind = kind;
        this.seq = seq;
        this.group = group;
        this.variant = variant;
        this.order = order;
        this.marker = marker;
        this.markerArgs = markerArgs;
        this.markerKey = marker.getClass().getName() + "\0" + markerArgs;
        this.scope = scope;
        this.guard = guard;
        this.storeLocal = storeLocal;
        this.returnType = returnType;
        this.params = params;
        this.switchable = switchable;
    }

    boolean uses(SnippetParam.Kind kind) {
        for (SnippetParam p : params) {
            if (p.kind() == kind) {
                return true;
            }
        }
        return false;
    }
}
