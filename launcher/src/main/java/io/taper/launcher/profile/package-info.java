/** Method-time profiles after a run: top-methods table, flame graph and collapsed stacks, accuracy against a JFR recording. */
package io.taper.launcher.profile;
