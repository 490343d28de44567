/** SFA's launcher side: the Table-1 report after a run and {@code ./taper sfa-diff}. */
package io.taper.launcher.sfa;
