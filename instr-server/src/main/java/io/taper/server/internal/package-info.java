/** The server's parts (socket directory, connections, weaving adapter, dump, statistics); not API. */
package io.taper.server.internal;
