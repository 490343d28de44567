/** The Java agent: {@link io.taper.agent.TaperAgent#premain} and nothing else public. */
package io.taper.agent;
