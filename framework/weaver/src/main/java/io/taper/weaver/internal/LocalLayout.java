package io.taper.weaver.internal;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.FrameNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.InsnNode;

/**
 * The locals woven code adds to a method: {@code [original locals][synthetic locals, this/argument copies]
 * [spill slots]}. Synthetic locals and copies are initialised at entry and declared, with their types, in
 * every frame; spill slots hold operand-stack values only between a store and its reloads in straight-line
 * code, so frames never declare them (TOP).
 */
final class LocalLayout {

    final int base;                // the method's original max locals
    private final boolean constructor;
    private final boolean isStatic;
    private final Type[] argTypes;
    private final String owner;
    private final Map<String, Integer> syntheticSlots = new LinkedHashMap<>();
    private final Map<String, Type> syntheticTypes = new HashMap<>();
    private final List<Object> frameTypes = new ArrayList<>();
    private int next;
    private int thisCopy = -1;
    private int[] argCopies;

    LocalLayout(String owner, int maxLocals, boolean constructor, boolean isStatic, Type[] argTypes) {
        this.owner = owner;
        this.base = maxLocals;
        this.next = maxLocals;
        this.constructor = constructor;
        this.isStatic = isStatic;
        this.argTypes = argTypes;
    }

    /** The slot of a named synthetic local, allocated on first use. */
    int synthetic(String name, Type type) {
        Integer slot = syntheticSlots.get(name);
        if (slot == null) {
            slot = allocate(Code.frameType(type), type.getSize());
            syntheticSlots.put(name, slot);
            syntheticTypes.put(name, type);
        }
        return slot;
    }

    /** The slot holding {@code this} for the exceptional path (allocated on first use). */
    int thisCopy() {
        if (thisCopy < 0) {
            thisCopy = allocate(owner, 1);
        }
        return thisCopy;
    }

    boolean hasThisCopy() {
        return thisCopy >= 0;
    }

    /** The slot holding argument {@code index}'s entry value for the exceptional path. */
    int argCopy(int index) {
        if (argCopies == null) {
            argCopies = new int[argTypes.length];
            Arrays.fill(argCopies, -1);
        }
        if (argCopies[index] < 0) {
            argCopies[index] = allocate(Code.frameType(argTypes[index]), argTypes[index].getSize());
        }
        return argCopies[index];
    }

    private int allocate(Object frameType, int size) {
        int slot = next;
        next += size;
        frameTypes.add(frameType);
        return slot;
    }

    /** First slot free for spilling; valid once every synthetic local and copy is allocated. */
    int spillBase() {
        return next;
    }

    boolean isEmpty() {
        return next == base;
    }

    /** Initialises synthetic locals to their default values and copies {@code this}/arguments. */
    InsnList entryCode() {
        InsnList code = new InsnList();
        for (Map.Entry<String, Integer> e : syntheticSlots.entrySet()) {
            Type t = syntheticTypes.get(e.getKey());
            Code.pushDefault(code, t);
            code.add(Code.store(Code.kind(t), e.getValue()));
        }
        if (thisCopy >= 0) {
            // in a constructor `this` is copied right after super()/this(); until then the copy is null
            code.add(constructor ? new InsnNode(Opcodes.ACONST_NULL) : Code.load(TypeStates.REF, 0));
            code.add(Code.store(TypeStates.REF, thisCopy));
        }
        if (argCopies != null) {
            int slot = isStatic ? 0 : 1;
            for (int i = 0; i < argTypes.length; i++) {
                if (argCopies[i] >= 0) {
                    char k = Code.kind(argTypes[i]);
                    code.add(Code.load(k, slot));
                    code.add(Code.store(k, argCopies[i]));
                }
                slot += argTypes[i].getSize();
            }
        }
        return code;
    }

    /** Declares the added slots, with their types, in every (expanded) frame of the method. */
    void extendFrames(InsnList list) {
        for (AbstractInsnNode n = list.getFirst(); n != null; n = n.getNext()) {
            if (n instanceof FrameNode f && f.type == Opcodes.F_NEW) {
                List<Object> locals = f.local == null ? new ArrayList<>() : f.local;
                padTo(locals, base);
                locals.addAll(frameTypes);
                f.local = locals;
            }
        }
    }

    /** Locals of an exceptional-exit handler's frame: the original ones unknown (TOP), then the added ones. */
    Object[] handlerFrameLocals() {
        List<Object> locals = new ArrayList<>(base + frameTypes.size());
        padTo(locals, base);
        locals.addAll(frameTypes);
        return locals.toArray();
    }

    private static void padTo(List<Object> locals, int slots) {
        int used = 0;
        for (Object o : locals) {
            used += o == Opcodes.LONG || o == Opcodes.DOUBLE ? 2 : 1;
        }
        for (; used < slots; used++) {
            locals.add(Opcodes.TOP);
        }
    }

    Integer syntheticSlot(String name) {
        return syntheticSlots.get(name);
    }
}
