/** Classes the forked-JVM harness weaves and retransforms. */
package io.taper.controller.it.target;
