/** Classes the server tests weave (outside io.taper, which is never woven). */
package sample;
