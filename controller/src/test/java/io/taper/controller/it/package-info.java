/** A forked-JVM harness: a miniature agent and weaver driving the real controller and retransformClasses. */
package io.taper.controller.it;
