/** Taper's Maven plugin: goals that put Taper's agent on a build's test JVMs and turn their results into reports. */
package io.taper.maven;
