/** End-to-end tests of bounded analysis state and of results that survive the program's end. */
package io.taper.e2e.state;
