/** The evaluation harness's entry point: {@code EvalMain}, run by {@code ./taper eval}. */
package io.taper.eval;
