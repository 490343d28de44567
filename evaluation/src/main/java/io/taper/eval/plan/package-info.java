/** What an evaluation runs: workloads (built-in and user-supplied), modes, and the interleaved run plan. */
package io.taper.eval.plan;
