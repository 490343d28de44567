/** SFA's state in the observed JVM: per-field bits, per-instance read marks, constructor stacks, rows. */
package io.taper.analysis.sfa.internal;
