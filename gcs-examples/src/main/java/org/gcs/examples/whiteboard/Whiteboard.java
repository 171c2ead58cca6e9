package org.gcs.examples.whiteboard;

import java.net.InetSocketAddress;
import org.gcs.GcsNode;
import org.gcs.order.Ordering;
import org.gcs.order.TotalOrderMember;
import org.gcs.tools.web.LocalWebServer;

/**
 * A running whiteboard: a GCS node that joined the whiteboard's group with total order ({@link TotalOrderMember}),
 * the board its deliveries fill, the board's state transfer to members that join later ({@link BoardState}), and a
 * web server with the drawing page ({@code /}) and the endpoints of {@link WhiteboardApi}. Every member draws every
 * stroke and clear in one agreed order, so boards agree; a newcomer gets the board as of a point of that order, then
 * every stroke after it. Closing it stops the web server and closes the node.
 */
public final class Whiteboard implements AutoCloseable {
    /** The page, a classpath resource. */
    static final String PAGE = "/org/gcs/examples/whiteboard/index.html";

    private final GcsNode node;
    private final String group;
    private final Board board;
    private final BoardDelivery delivery;
    private final TotalOrderMember member;
    private final BoardState state;
    private final LocalWebServer web;

    private Whiteboard(GcsNode node, String group, Board board, BoardDelivery delivery, TotalOrderMember member,
                       BoardState state, LocalWebServer web) {
        this.node = node;
        this.state = state;
        this.group = group;
        this.board = board;
        this.delivery = delivery;
        this.member = member;
        this.web = web;
    }

    /**
     * Joins the group and serves the page. The whiteboard owns the node from now on: it is closed with the
     * whiteboard, or at once if the web server cannot start.
     *
     * @param node a started node
     * @param group the whiteboard's group
     * @param httpBind where to serve the page (port 0: a free port, see {@link #url()})
     * @return the running whiteboard
     * @throws java.io.UncheckedIOException if the HTTP address cannot be bound
     */
    public static Whiteboard start(GcsNode node, String group, InetSocketAddress httpBind) {
        TotalOrderMember member = null;
        try {
            Board board = Board.withDefaultBounds();
            BoardDelivery delivery = new BoardDelivery(group, board);
            member = TotalOrderMember.over(node);
            member.onMessage(delivery);
            BoardState state = new BoardState(board);
            member.provideState(state);
            member.join(group, Ordering.TOTAL, state);
            WhiteboardApi api = new WhiteboardApi(member, group, board, delivery);
            LocalWebServer web = LocalWebServer.start(httpBind, "gcs-whiteboard-http")
                    .resource("/", PAGE, "text/html; charset=utf-8")
                    .getWithQuery("/api/strokes", "application/json", api::strokes)
                    .post("/api/strokes", api::post)
                    .get("/api/view", "application/json", api::view)
                    .post("/api/clear", api::clear);
            return new Whiteboard(node, group, board, delivery, member, state, web);
        } catch (RuntimeException e) {
            if (member != null) {
                member.close();
            }
            node.close();
            throw e;
        }
    }

    /** @return the page's address, {@code http://127.0.0.1:PORT/} */
    public String url() {
        return web.baseUrl() + "/";
    }

    /** @return the node */
    public GcsNode node() {
        return node;
    }

    /** @return the member over the node that sends and delivers the board's strokes in the group's total order */
    public TotalOrderMember member() {
        return member;
    }

    /** @return the group the whiteboard uses */
    public String group() {
        return group;
    }

    /** @return the strokes on this node's board now */
    public int strokeCount() {
        return board.size();
    }

    /** @return true once the board holds the group's strokes: received from another member, or the first one */
    public boolean boardComplete() {
        return state.complete();
    }

    /** @return the malformed messages from the group dropped so far */
    public long malformedMessages() {
        return delivery.malformed();
    }

    /** Stops the web server and the ordering, and closes the node. */
    @Override
    public void close() {
        try {
            web.close();
            member.close();
        } finally {
            node.close();
        }
    }
}
