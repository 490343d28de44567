/** Carrying out a run plan: the launcher subprocess, timeouts, wall and CPU time, progress and the run log. */
package io.taper.eval.run;
