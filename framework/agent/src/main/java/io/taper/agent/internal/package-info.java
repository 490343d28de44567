/** The agent's parts: server client, transformer, start-up and queued retransformation, statistics, results. */
package io.taper.agent.internal;
