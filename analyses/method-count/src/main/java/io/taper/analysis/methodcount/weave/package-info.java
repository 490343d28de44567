/** The method-count analysis in the instrumentation server: an entry counter woven into every method. */
package io.taper.analysis.methodcount.weave;
