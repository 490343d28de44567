/** Workload drivers: small deterministic programs over real libraries that the harness runs under Taper. */
package io.taper.eval.workloads;
