package org.gcs.examples.whiteboard;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.gcs.GcsException;
import org.gcs.GroupMember;
import org.gcs.GroupView;
import org.gcs.MemberId;
import org.gcs.tools.json.JsonWriter;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The whiteboard's HTTP endpoints, as functions from request to JSON answer:
 * <ul>
 *     <li>{@code GET /api/strokes?since=N}: {@code {"next":M,"reset":false,"more":false,"strokes":[...],
 *     "view":{...}}}, the strokes after N ({@link Board#since}); ask again with {@code since=M}.</li>
 *     <li>{@code GET /api/view}: {@code {"self":"boston/boston-1","group":"whiteboard","members":[...],
 *     "sites":[...],"strokes":N,"sent":N,"malformed":N}}.</li>
 *     <li>{@code POST /api/strokes} with a stroke ({@link StrokeJson}): sends it to the group, answers
 *     {@code {"id":N,"author":"..."}}; the stroke reaches this node's board too, once the group delivers it.</li>
 *     <li>{@code POST /api/clear}: sends a clear to the group.</li>
 * </ul>
 * Bad requests throw {@link IllegalArgumentException} (a 400; nothing is sent), a node that cannot send now
 * {@link IllegalStateException} (a 503).
 */
final class WhiteboardApi {
    private static final Logger LOG = LoggerFactory.getLogger(WhiteboardApi.class);
    /** The most strokes in one answer; the page asks again at once for the rest. */
    static final int MAX_STROKES_PER_ANSWER = 200;

    private final GroupMember node;
    private final String group;
    private final Board board;
    private final BoardDelivery delivery;
    private final AtomicLong nextId = new AtomicLong();
    private final AtomicLong sent = new AtomicLong();

    /**
     * @param node the node, a member of the group
     * @param group the whiteboard's group
     * @param board the node's board
     * @param delivery what fills the board (for its malformed count)
     */
    WhiteboardApi(GroupMember node, String group, Board board, BoardDelivery delivery) {
        this.node = node;
        this.group = group;
        this.board = board;
        this.delivery = delivery;
    }

    /**
     * @param query the query parameters; {@code since} (default 0)
     * @return the JSON answer of {@code GET /api/strokes}
     */
    String strokes(Map<String, String> query) {
        long since = since(query.get("since"));
        Board.Page page = board.since(since, MAX_STROKES_PER_ANSWER);
        List<Map<String, Object>> strokes = new ArrayList<>(page.strokes().size());
        for (Board.Entry entry : page.strokes()) {
            strokes.add(StrokeJson.toJson(entry.seq(), entry.stroke()));
        }
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("next", page.next());
        json.put("reset", page.reset());
        json.put("more", page.more());
        json.put("strokes", strokes);
        json.put("view", viewJson());
        return JsonWriter.write(json);
    }

    /** @return the JSON answer of {@code GET /api/view} */
    String view() {
        return JsonWriter.write(viewJson());
    }

    /**
     * @param body the stroke's JSON
     * @return the JSON answer of {@code POST /api/strokes}
     */
    String post(String body) {
        Stroke stroke = StrokeJson.parse(body, nextId.get(), node.self().toString());
        send(stroke);
        nextId.incrementAndGet();
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("id", stroke.id());
        json.put("author", stroke.author());
        return JsonWriter.write(json);
    }

    /**
     * @param body ignored
     * @return the JSON answer of {@code POST /api/clear}
     */
    String clear(String body) {
        send(new BoardClear(node.self().toString()));
        return "{\"cleared\":true}";
    }

    private void send(BoardEvent event) {
        byte[] payload = StrokeCodec.encode(event);
        try {
            node.sendAsync(group, payload).whenComplete((admitted, failure) -> {
                if (failure != null) {
                    LOG.warn("whiteboard message not sent: {}", failure.toString());
                }
            });
        } catch (GcsException e) {
            throw new IllegalStateException("cannot send to group " + group + " now: " + e.getMessage(), e);
        }
        sent.incrementAndGet();
    }

    private Map<String, Object> viewJson() {
        List<String> members = new ArrayList<>();
        List<String> sites = new ArrayList<>();
        GroupView view = node.view(group).orElse(null);
        if (view != null) {
            for (MemberId member : view.members()) {
                members.add(member.toString());
            }
            sites.addAll(view.sites());
        }
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("self", node.self().toString());
        json.put("group", group);
        json.put("members", members);
        json.put("sites", sites);
        json.put("strokes", board.size());
        json.put("sent", sent.get());
        json.put("malformed", delivery.malformed());
        return json;
    }

    private static long since(String value) {
        if (value == null || value.isEmpty()) {
            return 0;
        }
        try {
            long since = Long.parseLong(value);
            if (since >= 0) {
                return since;
            }
        } catch (NumberFormatException e) {
            // refused below
        }
        throw new IllegalArgumentException("since must be a whole number 0 or more, got '" + value + "'");
    }
}
