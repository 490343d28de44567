/** A tiny coverage analysis for the adaptive end-to-end tests, packed into an analysis jar by the tests. */
package io.taper.e2e.adaptive.analysis;
