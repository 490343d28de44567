/** Reports from a finished evaluation: runs.csv, report.md and a self-contained report.html. */
package io.taper.eval.report;
