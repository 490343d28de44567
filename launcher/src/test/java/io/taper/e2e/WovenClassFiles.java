package io.taper.e2e;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/** Reads class files from the server's dump, to prove what woven code does (or no longer does) call. */
public final class WovenClassFiles {

    private WovenClassFiles() {
    }

    /** For each method of a class file: the static methods it calls ({@code owner.name}), in order. */
    public static Map<String, List<String>> staticCalls(Path classFile) throws IOException {
        Map<String, List<String>> calls = new HashMap<>();
        new ClassReader(Files.readAllBytes(classFile)).accept(new ClassVisitor(Opcodes.ASM9) {
            @Override
            public MethodVisitor visitMethod(int access, String name, String desc, String sig, String[] exc) {
                List<String> owners = new ArrayList<>();
                calls.put(name, owners);
                return new MethodVisitor(Opcodes.ASM9) {
                    @Override
                    public void visitMethodInsn(int op, String owner, String n, String d, boolean itf) {
                        if (op == Opcodes.INVOKESTATIC) {
                            owners.add(owner + "." + n);
                        }
                    }
                };
            }
        }, 0);
        return calls;
    }
}
