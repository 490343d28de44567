/**
 * Test support shared by the modules' tests (test scope only): {@link io.taper.testing.ForkedJvm} and
 * {@link io.taper.testing.InlineChain}.
 */
package io.taper.testing;
