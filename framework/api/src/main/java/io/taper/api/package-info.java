/** Taper's DiSL-style instrumentation language: snippet annotations, static and dynamic context, guards. */
package io.taper.api;
