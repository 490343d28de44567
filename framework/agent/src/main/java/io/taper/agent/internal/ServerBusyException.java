package io.taper.agent.internal;

/**
 * No connection became free within the timeout. The server is not considered dead (every connection in
 * use has its own deadline); the class is queued and retransformed later instead.
 */
final class ServerBusyException extends Exception {

    ServerBusyException(String message) {
        super(message, null, false, false);
    }
}
