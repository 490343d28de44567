package io.taper.api;

/**
 * Static-context values, computed at weave time for each marked region (from its first instruction).
 * Names are internal JVM forms ({@code java/lang/String}, descriptors). A key that does not apply to the
 * region's instruction gives "" (strings), -1 (ints) or false.
 */
public enum StaticKey {
    /** Internal name of the woven class. */
    CLASS_NAME("class.name", String.class),
    /** Name of the woven method ({@code <init>}, {@code <clinit>} included). */
    METHOD_NAME("method.name", String.class),
    /** Descriptor of the woven method. */
    METHOD_DESC("method.desc", String.class),
    /** Access flags of the woven method. */
    METHOD_ACCESS("method.access", int.class),
    /** True in constructors. */
    METHOD_IS_CONSTRUCTOR("method.constructor", boolean.class),
    /** {@code class.name + "." + method.name + method.desc}, e.g. {@code java/lang/String.length()I}. */
    METHOD_ID("method.id", String.class),
    /** Index of the basic block holding the region start (precise blocks for the precise marker). */
    BB_INDEX("bb.index", int.class),
    /** Number of instructions (bytecodes) in that block. */
    BB_SIZE("bb.size", int.class),
    /** Number of basic blocks in the method. */
    BB_COUNT("bb.count", int.class),
    /** Owner of the accessed field (field instructions). */
    FIELD_OWNER("field.owner", String.class),
    /** Name of the accessed field. */
    FIELD_NAME("field.name", String.class),
    /** Descriptor of the accessed field. */
    FIELD_DESC("field.desc", String.class),
    /**
     * Whether the accessed field is declared final: answered from the woven class's own bytes when the
     * owner is the woven class, otherwise from the weaver's class hierarchy (classes it has seen); a field
     * of a class not seen yet answers false.
     */
    FIELD_IS_FINAL("field.final", boolean.class),
    /** Owner of the invoked method ("" for invokedynamic). */
    INVOKE_OWNER("invoke.owner", String.class),
    /** Name of the invoked method (invocations and invokedynamic). */
    INVOKE_NAME("invoke.name", String.class),
    /** Descriptor of the invoked method. */
    INVOKE_DESC("invoke.desc", String.class),
    /** Opcode of the region's first instruction. */
    OPCODE("opcode", int.class),
    /** Source line of the region's first instruction, -1 if unknown. */
    LINE_NUMBER("line", int.class);

    private final String key;
    private final Class<?> javaType;

    StaticKey(String key, Class<?> javaType) {
        this.key = key;
        this.javaType = javaType;
    }

    /** The key's name in site tables ({@code io.taper.runtime.SiteInfo#staticContext()}). */
    public String key() {
        return key;
    }

    /** The snippet parameter type that receives this value: String, int or boolean. */
    public Class<?> javaType() {
        return javaType;
    }
}
