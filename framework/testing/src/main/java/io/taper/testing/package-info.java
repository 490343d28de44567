/** Test support shared by the modules' tests (test scope only): {@link io.taper.testing.ForkedJvm}. */
package io.taper.testing;
