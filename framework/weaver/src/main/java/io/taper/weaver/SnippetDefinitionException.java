package io.taper.weaver;

/** A snippet class or method breaks a rule of the language; the message names {@code Class.method} and the rule. */
public final class SnippetDefinitionException extends RuntimeException {

    public SnippetDefinitionException(String message) {
        super(message);
    }

    public SnippetDefinitionException(String message, Throwable cause) {
        super(message, cause);
    }
}
