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
        // Opcodes holds the mnemonics as int constants 0..201; the other int constants in that range are
        // access flags (ACC_*), array types (T_*), handle kinds (H_*) and frame kinds (F_*)
        Map<String, Integer> m = new HashMap<>();
        for (Field f : Opcodes.class.getFields()) {
            String n = f.getName();
            if (f.getType() != int.class || !Modifier.isStatic(f.getModifiers()) || n.startsWith("ACC_")
                || n.startsWith("T_") || n.startsWith("H_") || n.startsWith("F_")) {
                continue;
            }
            try {
                int v = f.getInt(null);
                if (v >= 0 && v <= 201) {
                    m.put(n.toLowerCase(Locale.ROOT), v);
                }
            } catch (IllegalAccessException e) {
                throw new IllegalStateException(e);
            }
        }
        return Map.copyOf(m);
    }
}
