/** Weaver internals: snippet loading, scopes, site ids, per-class and per-method weaving. Not API. */
package io.taper.weaver.internal;
