package io.taper.weaver.internal;

import io.taper.api.StaticKey;
import org.objectweb.asm.Type;

/**
 * One snippet parameter and where its value comes from.
 *
 * @param index arg index, stack depth or local slot, by kind
 * @param key   for STATIC
 * @param local for SYNTHETIC: the synthetic local's name
 */
record SnippetParam(Kind kind, Type type, int index, StaticKey key, String local) {

    enum Kind { SITE_ID, STATIC, THIS, ARG, STACK, LOCAL, RETURN, THROWN, SYNTHETIC }
}
