/** Analysis state in the observed JVM: slot mappers, state machines with a terminal test, tables, dead sites. */
package io.taper.runtime.state;
