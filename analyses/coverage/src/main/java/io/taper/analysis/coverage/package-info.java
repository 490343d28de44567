/** The coverage analysis in the observed JVM: the probe arrays woven code sets, and the rows read from them. */
package io.taper.analysis.coverage;
