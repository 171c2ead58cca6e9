package org.gcs.examples.whiteboard;

/**
 * What a whiteboard message carries: a {@link Stroke} to draw, a {@link BoardClear} that wipes the board, or a
 * {@link ReplayedStroke} for members who joined late.
 */
public sealed interface BoardEvent permits Stroke, BoardClear, ReplayedStroke {
    /** @return who drew or cleared, {@code SITE/MEMBER} */
    String author();
}
