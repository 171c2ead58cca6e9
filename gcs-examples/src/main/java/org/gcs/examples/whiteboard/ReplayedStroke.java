package org.gcs.examples.whiteboard;

/**
 * A stroke sent again by a member other than its author, so that members who joined after it was drawn get it too
 * (see {@link BoardReplay}). A board that holds the stroke already (same author and id) ignores it.
 *
 * @param stroke the stroke, with its original author and id
 */
public record ReplayedStroke(Stroke stroke) implements BoardEvent {
    /** @throws IllegalArgumentException if the stroke is null */
    public ReplayedStroke {
        if (stroke == null) {
            throw new IllegalArgumentException("stroke is null");
        }
    }

    /** @return the stroke's author (not the member who replays it) */
    @Override
    public String author() {
        return stroke.author();
    }
}
