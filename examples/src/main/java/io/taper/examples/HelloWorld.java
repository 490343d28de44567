package io.taper.examples;

/** The smallest program: start-up cost of Taper is measured on it. */
public final class HelloWorld {

    private HelloWorld() {
    }

    public static void main(String[] args) {
        System.out.println("Hello, world");
    }
}
