package io.taper.sample.core;

import java.util.Arrays;

/** A growable stack of ints. */
public final class IntStack {

    private int[] items = new int[2];
    private int size;

    public void push(int x) {
        if (size == items.length) {
            items = Arrays.copyOf(items, size * 2);
        }
        items[size++] = x;
    }

    public int pop() {
        if (size == 0) {
            throw new IllegalStateException("empty");
        }
        return items[--size];
    }

    public int size() {
        return size;
    }

    public boolean isEmpty() {
        return size == 0;
    }
}
