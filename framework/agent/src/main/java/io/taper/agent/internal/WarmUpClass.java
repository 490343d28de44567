package io.taper.agent.internal;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * A minimal class file ({@code taper_warmup/WarmUp} with one empty static method), built by hand so that
 * sending it costs no class loading of its own. One WEAVE of it before the transformer is installed loads
 * the classes a round trip needs (NIO, the codec), so they are not loaded re-entrantly later.
 */
final class WarmUpClass {

    static final String NAME = "taper_warmup/WarmUp";

    private WarmUpClass() {
    }

    static byte[] bytes() {
        try {
            ByteArrayOutputStream b = new ByteArrayOutputStream(160);
            DataOutputStream d = new DataOutputStream(b);
            d.writeInt(0xCAFEBABE);
            d.writeShort(0);                 // minor
            d.writeShort(52);                // major: Java 8 (no frames needed for a lone RETURN)
            d.writeShort(8);                 // constant pool count (7 entries + 1)
            d.writeByte(1);                  // #1 Utf8 this
            d.writeUTF(NAME);
            d.writeByte(7);                  // #2 Class #1
            d.writeShort(1);
            d.writeByte(1);                  // #3 Utf8 super
            d.writeUTF("java/lang/Object");
            d.writeByte(7);                  // #4 Class #3
            d.writeShort(3);
            d.writeByte(1);                  // #5 Utf8 method name
            d.writeUTF("run");
            d.writeByte(1);                  // #6 Utf8 descriptor
            d.writeUTF("()V");
            d.writeByte(1);                  // #7 Utf8 attribute name
            d.writeUTF("Code");
            d.writeShort(0x0021);            // public super
            d.writeShort(2);                 // this
            d.writeShort(4);                 // super
            d.writeShort(0);                 // interfaces
            d.writeShort(0);                 // fields
            d.writeShort(1);                 // methods
            d.writeShort(0x0009);            // public static
            d.writeShort(5);
            d.writeShort(6);
            d.writeShort(1);                 // one attribute: Code
            d.writeShort(7);
            d.writeInt(13);                  // attribute length
            d.writeShort(0);                 // max stack
            d.writeShort(0);                 // max locals
            d.writeInt(1);                   // code length
            d.writeByte(0xB1);               // RETURN
            d.writeShort(0);                 // exception table
            d.writeShort(0);                 // code attributes
            d.writeShort(0);                 // class attributes
            return b.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a ByteArrayOutputStream does not fail
        }
    }
}
