package org.gcs.internal.log;

/**
 * The logger category of what a delegate learns about reaching the other sites (issue 38): its seeds as DNS resolves
 * them, and its own address as its peers see it. Rare lines an operator wants at INFO, under a name that is not a
 * class's, so that a logging configuration (the {@code gcs} command's, a user's) can name it without naming internal
 * classes: {@code org.slf4j.simpleLogger.log.org.gcs.overlay=info}.
 */
public final class OverlayLog {
    /** The category's name. */
    public static final String NAME = "org.gcs.overlay";

    private OverlayLog() {
    }
}
