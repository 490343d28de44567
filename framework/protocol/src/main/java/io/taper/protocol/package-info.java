/** The agent ↔ server wire protocol (frames and messages) and the one configuration object of a run. */
package io.taper.protocol;
