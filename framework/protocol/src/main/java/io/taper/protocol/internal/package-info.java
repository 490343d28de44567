/** Payload encoding helpers shared by the message records; not API. */
package io.taper.protocol.internal;
