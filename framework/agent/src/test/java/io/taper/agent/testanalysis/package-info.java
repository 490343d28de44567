/** Tiny analyses for the agent's forked-JVM tests, packed into analysis jars by {@code AgentRun}. */
package io.taper.agent.testanalysis;
