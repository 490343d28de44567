/** The method-time analysis (JRat's): per-method and per-edge call counts and times, calling-context tree, adaptive removal of cheap hot methods. */
package io.taper.analysis.methodtime;
