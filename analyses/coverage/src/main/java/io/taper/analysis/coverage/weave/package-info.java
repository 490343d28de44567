/** The coverage analysis in the instrumentation server: JaCoCo's probe placement with Taper's probe arrays. */
package io.taper.analysis.coverage.weave;
