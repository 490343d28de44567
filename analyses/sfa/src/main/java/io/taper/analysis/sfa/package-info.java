/** Stationary field analysis (rprof's, Nelson et al. RV'12): snippets, guards and the result table. */
package io.taper.analysis.sfa;
