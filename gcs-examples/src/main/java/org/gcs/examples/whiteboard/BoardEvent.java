package org.gcs.examples.whiteboard;

/**
 * What a whiteboard message carries: a {@link Stroke} to draw, or a {@link BoardClear} that wipes the board.
 */
public sealed interface BoardEvent permits Stroke, BoardClear {
    /** @return who drew or cleared, {@code SITE/MEMBER} */
    String author();
}
