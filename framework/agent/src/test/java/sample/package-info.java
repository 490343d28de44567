/** The observed program of the agent's forked-JVM tests (outside io.taper, so it is woven). */
package sample;
