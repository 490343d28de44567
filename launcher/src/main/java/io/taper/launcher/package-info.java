/** The {@code ./taper} command line: starts the server and the observed JVM, and writes result.json. */
package io.taper.launcher;
