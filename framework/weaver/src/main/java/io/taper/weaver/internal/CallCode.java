package io.taper.weaver.internal;

import io.taper.weaver.SnippetPreparer;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.InsnNode;
import org.objectweb.asm.tree.MethodInsnNode;

/**
 * The straight-line code of one snippet call: push each parameter's value, {@code invokestatic}, store
 * the result into its synthetic local. Values that are missing, of another kind, or uninitialised objects
 * are passed as the parameter type's default.
 */
final class CallCode {

    private final LocalLayout locals;
    private final boolean constructor;   // <init> of a class other than java/lang/Object
    private final boolean isStatic;
    private final Type[] argTypes;
    private final boolean switchSites;

    /** @param switchSites call switchable snippets through their switched entries, the site id first */
    CallCode(LocalLayout locals, boolean constructor, boolean isStatic, Type[] argTypes, boolean switchSites) {
        this.switchSites = switchSites;
        this.locals = locals;
        this.constructor = constructor;
        this.isStatic = isStatic;
        this.argTypes = argTypes;
    }

    /**
     * A call on the normal path.
     *
     * @param anchor       the instruction the call is placed at
     * @param beforeAnchor whether the call goes before it (else after)
     * @param st           operand-stack/local types at the call, or null if not computed/unknown
     */
    InsnList normal(Snippet s, int siteId, RegionContext ctx, AbstractInsnNode anchor, boolean beforeAnchor,
                    TypeStates.State st) {
        InsnList code = new InsnList();
        boolean thisInit = !constructor;
        boolean valueReturn = beforeAnchor && anchor.getOpcode() >= Opcodes.IRETURN && anchor.getOpcode() <= Opcodes.ARETURN;
        // the stack values the call needs: spill the top ones to fresh locals, put them back, read copies
        char[] stack = null;
        if (st != null) {
            stack = TypeStates.stackKinds(st, thisInit);
        } else if (valueReturn) {
            stack = new char[] {Code.returnKind(anchor.getOpcode())};
        }
        int[] spill = spill(code, s, stack, valueReturn);
        if (switched(s)) {
            Code.pushSiteId(code, siteId);
        }
        for (SnippetParam prm : s.params) {
            switch (prm.kind()) {
                case SITE_ID -> Code.pushSiteId(code, siteId);
                case STATIC -> Code.pushConstant(code, ctx.value(prm.key()));
                case THIS -> {
                    boolean uninit = constructor && (st == null || TypeStates.localKind(st, 0, false) != TypeStates.REF);
                    code.add(isStatic || uninit ? new InsnNode(Opcodes.ACONST_NULL) : Code.load(TypeStates.REF, 0));
                }
                case ARG -> loadArg(code, prm, false);
                case STACK -> {
                    int d = prm.index();
                    if (spill != null && d < spill.length && usable(prm, stack[d])) {
                        loadValue(code, stack[d], spill[d]);
                    } else {
                        Code.pushDefault(code, prm.type());
                    }
                }
                case RETURN -> {
                    if (spill != null && valueReturn && usable(prm, stack[0])) {
                        loadValue(code, stack[0], spill[0]);
                    } else {
                        Code.pushDefault(code, prm.type());
                    }
                }
                case LOCAL -> {
                    char k = st == null ? TypeStates.UNKNOWN : TypeStates.localKind(st, prm.index(), thisInit);
                    if (usable(prm, k)) {
                        loadValue(code, k, prm.index());
                    } else {
                        Code.pushDefault(code, prm.type());
                    }
                }
                case THROWN -> code.add(new InsnNode(Opcodes.ACONST_NULL));
                case SYNTHETIC -> code.add(Code.load(Code.kind(prm.type()), locals.syntheticSlot(prm.local())));
                default -> throw new IllegalStateException(prm.kind().toString());
            }
        }
        invoke(code, s);
        return code;
    }

    /**
     * Stores the top stack values the snippet reads into spill slots and reloads them (the stack is left
     * as it was); @return the spill slot per depth, or null if nothing is spilled.
     */
    private int[] spill(InsnList code, Snippet s, char[] stack, boolean valueReturn) {
        if (stack == null) {
            return null;
        }
        int depth = -1;
        for (SnippetParam prm : s.params) {
            if (prm.kind() == SnippetParam.Kind.STACK && prm.index() < stack.length && usable(prm, stack[prm.index()])) {
                depth = Math.max(depth, prm.index());
            } else if (prm.kind() == SnippetParam.Kind.RETURN && valueReturn && usable(prm, stack[0])) {
                depth = Math.max(depth, 0);
            }
        }
        if (depth < 0) {
            return null;
        }
        int[] spill = new int[depth + 1];
        int slot = locals.spillBase();
        for (int d = 0; d <= depth; d++) {
            if (stack[d] == TypeStates.UNKNOWN) {
                return null;  // a value of unknown kind cannot be stored: pass defaults instead
            }
            spill[d] = slot;
            slot += Code.size(stack[d]);
        }
        for (int d = 0; d <= depth; d++) {
            code.add(Code.store(stack[d], spill[d]));
        }
        for (int d = depth; d >= 0; d--) {
            code.add(Code.load(stack[d], spill[d]));
        }
        return spill;
    }

    /** A call in an exceptional-exit handler: the exception is in slot {@code thrown}; no stack or locals. */
    InsnList exceptional(Snippet s, int siteId, RegionContext ctx, int thrown) {
        InsnList code = new InsnList();
        if (switched(s)) {
            Code.pushSiteId(code, siteId);
        }
        for (SnippetParam prm : s.params) {
            switch (prm.kind()) {
                case SITE_ID -> Code.pushSiteId(code, siteId);
                case STATIC -> Code.pushConstant(code, ctx.value(prm.key()));
                case THIS -> code.add(isStatic ? new InsnNode(Opcodes.ACONST_NULL) : Code.load(TypeStates.REF, locals.thisCopy()));
                case ARG -> loadArg(code, prm, true);
                case THROWN -> code.add(Code.load(TypeStates.REF, thrown));
                case SYNTHETIC -> code.add(Code.load(Code.kind(prm.type()), locals.syntheticSlot(prm.local())));
                default -> Code.pushDefault(code, prm.type());
            }
        }
        invoke(code, s);
        return code;
    }

    /** Whether this call goes through the snippet's switched entry (the site id pushed first). */
    private boolean switched(Snippet s) {
        return switchSites && s.switchable;
    }

    private void invoke(InsnList code, Snippet s) {
        if (switched(s)) {
            code.add(new MethodInsnNode(Opcodes.INVOKESTATIC, s.owner, s.name + SnippetPreparer.SWITCHED_SUFFIX,
                    "(I" + s.desc.substring(1), s.ownerIsInterface));
        } else {
            code.add(new MethodInsnNode(Opcodes.INVOKESTATIC, s.owner, s.name, s.desc, s.ownerIsInterface));
        }
        if (!s.storeLocal.isEmpty()) {
            code.add(Code.store(Code.kind(s.returnType), locals.syntheticSlot(s.storeLocal)));
        }
    }

    private void loadArg(InsnList code, SnippetParam prm, boolean exceptional) {
        int i = prm.index();
        if (i >= argTypes.length || !usable(prm, Code.kind(argTypes[i]))) {
            Code.pushDefault(code, prm.type());
            return;
        }
        char k = Code.kind(argTypes[i]);
        if (exceptional) {
            code.add(Code.load(k, locals.argCopy(i)));
            return;
        }
        int slot = isStatic ? 0 : 1;
        for (int a = 0; a < i; a++) {
            slot += argTypes[a].getSize();
        }
        code.add(Code.load(k, slot));
    }

    /** Loads a value of kind {@code k} from a slot (null for an uninitialised object). */
    private static void loadValue(InsnList code, char k, int slot) {
        code.add(k == TypeStates.UNINIT ? new InsnNode(Opcodes.ACONST_NULL) : Code.load(k, slot));
    }

    /** Whether a value of this kind can be passed to the parameter (uninitialised objects pass as null). */
    static boolean usable(SnippetParam prm, char valueKind) {
        char want = Code.kind(prm.type());
        return valueKind == want || (want == TypeStates.REF && valueKind == TypeStates.UNINIT);
    }

    /** Whether the snippet reads operand-stack or local types at its placement. */
    boolean needsTypes(Snippet s) {
        for (SnippetParam p : s.params) {
            SnippetParam.Kind k = p.kind();
            if (k == SnippetParam.Kind.STACK || k == SnippetParam.Kind.LOCAL || (k == SnippetParam.Kind.THIS && constructor)) {
                return true;
            }
        }
        return false;
    }
}
