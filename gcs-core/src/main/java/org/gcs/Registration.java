package org.gcs;

/** A registered listener; {@link #close()} removes it. Closing twice is harmless. */
@FunctionalInterface
public interface Registration extends AutoCloseable {
    /** Removes the listener. */
    @Override
    void close();
}
