/** {@code taper merge}: several runs' results of one analysis joined into one {@code result.json}, by analysis. */
package io.taper.launcher.merge;
