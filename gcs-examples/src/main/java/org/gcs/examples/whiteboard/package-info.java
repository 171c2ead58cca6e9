/**
 * {@code gcs whiteboard}: a shared whiteboard, the collaborative sample of GCS. Every site runs a node that joins one
 * group with total order and serves a drawing page on loopback; a stroke drawn on one page is sent to the group and
 * appears on the pages of every other site, a clear wipes every board, every board draws the same strokes in the same
 * order, and members that join late get the board by state transfer, then every stroke after it.
 *
 * <p>The parts: {@link org.gcs.examples.whiteboard.BoardEvent} (what a group message carries: a
 * {@link org.gcs.examples.whiteboard.Stroke} or a {@link org.gcs.examples.whiteboard.BoardClear}),
 * {@link org.gcs.examples.whiteboard.StrokeCodec} (an event's
 * binary form in a group message), {@link org.gcs.examples.whiteboard.StrokeJson} (a stroke's JSON form for the page),
 * {@link org.gcs.examples.whiteboard.Board} (the bounded list of delivered strokes),
 * {@link org.gcs.examples.whiteboard.BoardDelivery} (group messages into the board),
 * {@link org.gcs.examples.whiteboard.BoardState} (the board's state transfer to new members),
 * {@link org.gcs.examples.whiteboard.WhiteboardApi} (the HTTP endpoints),
 * {@link org.gcs.examples.whiteboard.Whiteboard} (a node, its board and its web server together) and
 * {@link org.gcs.examples.whiteboard.WhiteboardCommand} (the command line).
 *
 * <p><b>Threads.</b> The node's delivery thread fills the {@link org.gcs.examples.whiteboard.Board}, the web server's
 * thread reads it and sends what is drawn on the page ({@code sendAsync}); a state transfer writes or reads the board
 * on a thread of its own; the board is thread-safe.
 */
package org.gcs.examples.whiteboard;
