/**
 * Programs built to provoke HotSpot under instrumentation (many threads, garbage collections while threads sit in
 * woven code, class loading from many threads): the crash hunt's ({@code evaluation/crash-hunt.sh}). Each prints a
 * line that depends only on its arguments, so a run's output can be compared with the uninstrumented one.
 */
package io.taper.examples.stress;
