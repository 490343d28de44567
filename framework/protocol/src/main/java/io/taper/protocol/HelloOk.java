package io.taper.protocol;

/**
 * HELLO_OK, server → agent: the token was right.
 *
 * @param preparedJar  absolute path of the prepared analysis jar the agent appends to the boot class path
 * @param resultsClass the analysis's {@code io.taper.runtime.AnalysisResults} implementation
 * @param serverPid    the server's process id
 */
public record HelloOk(String preparedJar, String resultsClass, long serverPid) implements Message {

    @Override
    public byte type() {
        return MessageType.HELLO_OK;
    }
}
