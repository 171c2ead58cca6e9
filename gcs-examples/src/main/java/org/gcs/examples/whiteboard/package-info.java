/**
 * {@code gcs whiteboard}: a shared whiteboard, the collaborative sample of GCS. Every site runs a node that joins one
 * group and serves a drawing page on loopback; a stroke drawn on one page is sent to the group and appears on the
 * pages of every other site.
 *
 * <p>The parts: {@link org.gcs.examples.whiteboard.Stroke} (one validated stroke),
 * {@link org.gcs.examples.whiteboard.StrokeCodec} (its binary form in a group message),
 * {@link org.gcs.examples.whiteboard.StrokeJson} (its JSON form for the page),
 * {@link org.gcs.examples.whiteboard.Board} (the bounded list of delivered strokes),
 * {@link org.gcs.examples.whiteboard.BoardDelivery} (group messages into the board),
 * {@link org.gcs.examples.whiteboard.BoardReplay} (the board sent again for new members),
 * {@link org.gcs.examples.whiteboard.WhiteboardApi} (the HTTP endpoints),
 * {@link org.gcs.examples.whiteboard.Whiteboard} (a node, its board and its web server together) and
 * {@link org.gcs.examples.whiteboard.WhiteboardCommand} (the command line).
 */
package org.gcs.examples.whiteboard;
