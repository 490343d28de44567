/** The instrumentation server process: {@link io.taper.server.InstrumentationServer} (CLI and in-process use). */
package io.taper.server;
