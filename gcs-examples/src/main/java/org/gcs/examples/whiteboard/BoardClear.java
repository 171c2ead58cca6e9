package org.gcs.examples.whiteboard;

/**
 * Wipes the board of every site: the strokes delivered before it disappear.
 *
 * @param author who cleared, {@code SITE/MEMBER}
 */
public record BoardClear(String author) implements BoardEvent {
    /** @throws IllegalArgumentException if the author is empty or too long */
    public BoardClear {
        if (author == null || author.isEmpty() || author.length() > Stroke.MAX_AUTHOR_CHARS) {
            throw new IllegalArgumentException("author must have 1 to " + Stroke.MAX_AUTHOR_CHARS + " characters");
        }
    }
}
