/** Validation targets (outside io.taper, which is never woven): woven by the tests, run in a forked JVM with -Xverify:all, events asserted exactly. */
package validation.targets;
