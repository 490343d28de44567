/**
 * The runtime that woven code calls: it is appended to the boot class path of the observed JVM, so
 * it depends on JRE types only and must never be woven itself.
 */
package io.taper.runtime;
