package io.taper.api.marker;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import org.objectweb.asm.Opcodes;

/** JVM mnemonics (lower case, as in {@code javap}) to opcodes, for the instructions ASM's tree API uses. */
public final class OpcodeNames {

    private static final Map<String, Integer> OPCODES = load();

    private OpcodeNames() {
    }

    /** @return the opcode, or -1 for an unknown mnemonic (case-insensitive) */
    public static int opcode(String mnemonic) {
        Integer op = OPCODES.get(mnemonic.trim().toLowerCase(Locale.ROOT));
        return op == null ? -1 : op;
    }

    private static Map<String, Integer> load() {
        // Opcodes holds the mnemonics as int constants 0..201 whose names have no underscore; the other
        // constants (ACC_*, T_*, H_*, F_*, V*, ASM*) have underscores or values outside that range.
        Map<String, Integer> m = new HashMap<>();
        for (Field f : Opcodes.class.getFields()) {
            if (f.getType() != int.class || !Modifier.isStatic(f.getModifiers()) || f.getName().indexOf('_') >= 0
                || f.getName().startsWith("ASM")) {
                continue;
            }
            try {
                int v = f.getInt(null);
                if (v >= 0 && v <= 201) {
                    m.put(f.getName().toLowerCase(Locale.ROOT), v);
                }
            } catch (IllegalAccessException e) {
                throw new IllegalStateException(e);
            }
        }
        return Map.copyOf(m);
    }
}
