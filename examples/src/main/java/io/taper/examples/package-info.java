/** Small programs to run under Taper: the README's first example and the tests' fixtures. */
package io.taper.examples;
