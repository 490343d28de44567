/** The bytecode-count analysis's report: its top methods by executed bytecodes. */
package io.taper.launcher.bytecode;
