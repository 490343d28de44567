/**
 * Test support shared by the modules' tests (test scope only): {@link io.taper.testing.ForkedJvm},
 * {@link io.taper.testing.InlineChain} and {@link io.taper.testing.WovenClassRun}.
 */
package io.taper.testing;
