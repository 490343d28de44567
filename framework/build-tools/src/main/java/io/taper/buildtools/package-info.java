/** Build steps over Taper's own jars: run by Maven at packaging time, shipped in no jar. */
package io.taper.buildtools;
