/** The bytecode-count analysis in the instrumentation server: basic blocks and the counters woven at their starts. */
package io.taper.analysis.bytecodecount.weave;
