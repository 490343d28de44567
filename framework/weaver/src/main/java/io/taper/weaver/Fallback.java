package io.taper.weaver;

/**
 * A method (or, with an empty method name, the whole class) that kept its original code.
 *
 * @param reason e.g. "method would exceed 64 KB (code size 70123)"
 */
public record Fallback(String className, String methodName, String methodDesc, String reason) {

    @Override
    public String toString() {
        return className + (methodName.isEmpty() ? "" : "." + methodName + methodDesc) + ": " + reason;
    }
}
