/** A tiny analysis for the server tests, packed into a jar by {@code TestAnalyses}. */
package io.taper.server.testanalysis;
