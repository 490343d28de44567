package io.taper.api.marker;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.MethodNode;

/**
 * One region per instruction whose opcode is listed in the args, e.g. {@code "getfield,putfield"}
 * (mnemonics as {@code javap} prints them; {@code ldc} covers {@code ldc_w}/{@code ldc2_w}, {@code iload}
 * covers {@code iload_0}... since the tree API has only the general forms).
 */
public class BytecodeMarker implements Marker {

    private final ConcurrentHashMap<String, boolean[]> parsed = new ConcurrentHashMap<>();

    @Override
    public void checkArgs(String args) {
        parse(args);
    }

    @Override
    public List<MarkedRegion> mark(ClassNode owner, MethodNode method, String args) {
        boolean[] wanted = parsed.computeIfAbsent(args, BytecodeMarker::parse);
        List<MarkedRegion> regions = new ArrayList<>();
        for (AbstractInsnNode n = method.instructions.getFirst(); n != null; n = n.getNext()) {
            int op = n.getOpcode();
            if (op >= 0 && wanted[op]) {
                regions.add(new MarkedRegion(n, n));
            }
        }
        return regions;
    }

    private static boolean[] parse(String args) {
        boolean[] wanted = new boolean[256];
        int n = 0;
        for (String name : args.split(",")) {
            if (name.isBlank()) {
                continue;
            }
            int op = OpcodeNames.opcode(name);
            if (op < 0) {
                throw new IllegalArgumentException("unknown opcode '" + name.trim() + "' in \"" + args
                    + "\" (expected mnemonics such as getfield,putfield)");
            }
            wanted[op] = true;
            n++;
        }
        if (n == 0) {
            throw new IllegalArgumentException("BytecodeMarker needs an opcode list, e.g. \"getfield,putfield\"");
        }
        return wanted;
    }
}
