package org.gcs.internal.flow;

/**
 * Items indexed by consecutive sequence numbers in a window {@code [base, base + capacity)}, stored in a
 * power-of-two ring that grows on demand. Slots may be empty (gaps). O(1) get, put and head removal.
 *
 * @param <T> item type
 */
final class SequenceRing<T> {
    private Object[] slots;
    private long base;
    private int size;

    /**
     * @param base the first sequence number the ring will hold
     * @param initialCapacity initial number of slots (rounded up to a power of two)
     */
    SequenceRing(long base, int initialCapacity) {
        this.base = base;
        this.slots = new Object[Integer.highestOneBit(Math.max(2, initialCapacity - 1)) << 1];
    }

    /** @return the lowest sequence number the ring can hold */
    long base() {
        return base;
    }

    /** @return number of stored items */
    int size() {
        return size;
    }

    /** @return the item at {@code seq}, or null if absent or outside the window */
    @SuppressWarnings("unchecked")
    T get(long seq) {
        if (seq < base || seq - base >= slots.length) {
            return null;
        }
        return (T) slots[index(seq)];
    }

    /** @return true if an item is stored at {@code seq} */
    boolean contains(long seq) {
        return get(seq) != null;
    }

    /**
     * Stores an item, growing the ring if needed.
     *
     * @throws IllegalArgumentException if {@code seq < base}
     */
    void put(long seq, T item) {
        if (seq < base) {
            throw new IllegalArgumentException("sequence " + seq + " is below the window base " + base);
        }
        long offset = seq - base;
        if (offset >= slots.length) {
            grow(offset + 1);
        }
        int i = index(seq);
        if (slots[i] == null) {
            size++;
        }
        slots[i] = item;
    }

    /**
     * Removes every item below {@code newBase} and moves the window.
     *
     * @param newBase the new lowest sequence number (not below the current base)
     */
    void advanceTo(long newBase) {
        if (newBase <= base) {
            return;
        }
        long span = Math.min(newBase - base, slots.length);
        for (long s = base; s < base + span; s++) {
            int i = index(s);
            if (slots[i] != null) {
                slots[i] = null;
                size--;
            }
        }
        base = newBase;
    }

    private int index(long seq) {
        return (int) (seq & (slots.length - 1));
    }

    private void grow(long needed) {
        if (needed > (1 << 30)) {
            throw new IllegalStateException("sequence window too large: " + needed);
        }
        int capacity = slots.length;
        while (capacity < needed) {
            capacity <<= 1;
        }
        Object[] bigger = new Object[capacity];
        for (long s = base; s < base + slots.length; s++) {
            Object item = slots[index(s)];
            if (item != null) {
                bigger[(int) (s & (capacity - 1))] = item;
            }
        }
        slots = bigger;
    }
}
