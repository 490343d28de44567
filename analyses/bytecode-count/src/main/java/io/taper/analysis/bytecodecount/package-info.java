/** The bytecode-count analysis in the observed JVM: the woven classes' block layouts and the rows read from them. */
package io.taper.analysis.bytecodecount;
