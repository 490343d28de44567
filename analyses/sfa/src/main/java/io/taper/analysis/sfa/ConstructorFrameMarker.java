package io.taper.analysis.sfa;

import io.taper.api.marker.AfterInitBodyMarker;
import io.taper.api.marker.Constructors;
import io.taper.api.marker.MarkedRegion;
import java.util.List;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.LdcInsnNode;
import org.objectweb.asm.tree.MethodNode;

/**
 * {@link AfterInitBodyMarker} for the constructor brackets ({@code ConstructorSnippets}), except that it
 * leaves out constructors whose frame no event could ever ask about.
 *
 * <p>A frame is asked about only by {@code ConstructorStack.contains}, on this thread, from a read of a
 * declared-final field or a write of a non-final field ({@code Stationarity}). After its
 * {@code super()}/{@code this()} call, a constructor that runs no code of its own (no invocation, no
 * class initialisation or loading, no monitor) and whose only field instructions are writes that never
 * ask (to a final field of its own class, which the weaver gives the final-write snippet, or fresh and own writes
 * to {@code this}, see {@link FreshWriteMarker}) cannot reach such an event between its push and its pop: its frame is
 * never looked at, so pushing and popping it costs time and changes nothing. Typical are empty bodies of
 * abstract super classes ({@code Number()}) and value classes that only assign their final fields
 * ({@code Long(long)}, a database's value classes): without this, every boxed value took two brackets.
 *
 * <p>The same holds of a constructor that runs code, as long as that code cannot reach the object: a class
 * whose superclass keeps {@code this} to itself ({@code Object}, {@code Number}, {@code Enum}, {@code Record}),
 * whose constructor passes {@code this} to nothing but the super constructor, its own field writes (all fresh)
 * and reads of its own fields, on every path
 * ({@link FreshWriteAnalysis}). No other code then holds the object while it is built, so no event can
 * concern it but this constructor's own fresh writes and reads, which never ask. {@code String}'s
 * constructors, which decode and compress in static helpers, are of this kind.
 *
 * <p>Exceptions the JVM raises there (an array index, a division by zero) run their own constructors,
 * whose events concern the exception objects, never this one; but without this frame such a constructor
 * may be the thread's outermost one, whose push drops the final-read marks buffered for this object (a
 * super constructor's virtual call may have read a final field this body then assigns). So constructors
 * with exception handlers keep their frame: without one, the exception ends the construction and no
 * write of it follows. Otherwise the stack's answers about other objects are the same without the frame,
 * and dropping the buffered marks of objects built before happens at the next outermost push anyway.
 */
public final class ConstructorFrameMarker extends AfterInitBodyMarker {

    @Override
    public List<MarkedRegion> mark(ClassNode owner, MethodNode method, String args) {
        if ("<init>".equals(method.name) && !"java/lang/Object".equals(owner.name)) {
            AbstractInsnNode call = Constructors.initCall(owner, method);
            if (call != null && neverAsks(owner, method, call)) {
                return List.of();
            }
        }
        return super.mark(owner, method, args);
    }

    /** True if nothing after {@code call} can make an event that asks about the constructor stack. */
    static boolean neverAsks(ClassNode owner, MethodNode method, AbstractInsnNode call) {
        if (method.tryCatchBlocks != null && !method.tryCatchBlocks.isEmpty()) {
            return false;                                   // see the class comment: exceptions end the construction
        }
        if (FreshWriteMarker.analysisOf(owner, method).thisStaysLocal()) {
            return true;
        }
        FreshWriteAnalysis.Result writes = null;
        for (AbstractInsnNode n = call.getNext(); n != null; n = n.getNext()) {
            int op = n.getOpcode();
            if (op < 0) {
                continue;                                   // label, line number, frame
            }
            if (op == Opcodes.PUTFIELD) {
                if (FreshWriteMarker.ownFinal(owner, (FieldInsnNode) n)) {
                    continue;
                }
                if (writes == null) {
                    writes = FreshWriteMarker.analysisOf(owner, method);
                }
                if (writes.fresh().contains(n) || writes.own().contains(n)) {
                    continue;
                }
                return false;
            }
            if (op == Opcodes.LDC && !isPlainConstant(((LdcInsnNode) n).cst)) {
                return false;                               // a class, method type or handle: may load classes
            }
            if (!runsNoCode(op)) {
                return false;
            }
        }
        return true;
    }

    private static boolean isPlainConstant(Object cst) {
        return cst instanceof Number || cst instanceof String;
    }

    /**
     * Instructions that run no Java code and touch no field: locals, constants, stack shuffles,
     * arithmetic, conversions, comparisons, jumps, switches, primitive arrays and returns. Everything
     * else (field reads, invocations, {@code new}, static fields, type checks, monitors, reference
     * arrays) may reach a field event or other code.
     */
    private static boolean runsNoCode(int op) {
        if (op >= Opcodes.ACONST_NULL && op <= Opcodes.LDC) {
            return true;                                    // constants (LDC checked by the caller)
        }
        if (op >= Opcodes.ILOAD && op <= Opcodes.SALOAD) {
            return true;                                    // local and array loads
        }
        if (op >= Opcodes.ISTORE && op <= Opcodes.SASTORE) {
            return op != Opcodes.AASTORE;                   // local and array stores; aastore type-checks
        }
        if (op >= Opcodes.POP && op <= Opcodes.RETURN) {
            return true;                                    // stack, arithmetic, conversions, jumps, returns
        }
        return op == Opcodes.NEWARRAY || op == Opcodes.ARRAYLENGTH || op == Opcodes.ATHROW
            || op == Opcodes.IFNULL || op == Opcodes.IFNONNULL;
    }
}
