/** Coverage reports and tools: JaCoCo's formats written and read with JaCoCo's own library. */
package io.taper.launcher.coverage;
