package org.gcs.examples.whiteboard;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.gcs.tools.json.JsonReader;

/**
 * The JSON form of a stroke for the page. A stroke drawn on the page arrives as
 * <pre>{"colour":"#1e90ff","width":4,"points":[[10,20],[12,23]]}</pre>
 * (integers in board pixels; the server adds the id and the author), and strokes go back to the page as
 * <pre>{"seq":7,"id":3,"author":"boston/boston-1","colour":"#1e90ff","width":4,"points":[[10,20],[12,23]]}</pre>
 */
public final class StrokeJson {
    private static final Set<String> REQUEST_KEYS = Set.of("colour", "width", "points");

    private StrokeJson() {
    }

    /**
     * @param body the JSON of a stroke drawn on the page
     * @param id the number the author gives the stroke
     * @param author the author, {@code SITE/MEMBER}
     * @return the stroke
     * @throws IllegalArgumentException if the body is not JSON, has other keys than colour, width and points, or
     *         a value is missing or out of range (the message says which)
     */
    public static Stroke parse(String body, long id, String author) {
        if (!(JsonReader.parse(body) instanceof Map<?, ?> map)) {
            throw new IllegalArgumentException("a stroke must be a JSON object {\"colour\":..., \"width\":...,"
                    + " \"points\":[[x,y],...]}");
        }
        for (Object key : map.keySet()) {
            if (!REQUEST_KEYS.contains(key)) {
                throw new IllegalArgumentException("unknown key '" + key + "': a stroke has colour, width and points");
            }
        }
        if (!(map.get("colour") instanceof String colour)) {
            throw new IllegalArgumentException("colour must be a string #rrggbb");
        }
        int widthPx = integer(map.get("width"), "width");
        if (!(map.get("points") instanceof List<?> items)) {
            throw new IllegalArgumentException("points must be an array of [x,y] pairs");
        }
        if (items.size() > Stroke.MAX_POINTS) {
            throw new IllegalArgumentException("a stroke has at most " + Stroke.MAX_POINTS + " points, got "
                    + items.size());
        }
        List<Stroke.Point> points = new ArrayList<>(items.size());
        for (Object item : items) {
            if (!(item instanceof List<?> pair) || pair.size() != 2) {
                throw new IllegalArgumentException("point " + points.size() + " must be a pair [x,y]");
            }
            points.add(new Stroke.Point(integer(pair.get(0), "x"), integer(pair.get(1), "y")));
        }
        return new Stroke(id, author, colour, widthPx, points);
    }

    /**
     * @param seq the stroke's place on the board
     * @param stroke the stroke
     * @return its JSON object, for {@link org.gcs.tools.json.JsonWriter}
     */
    public static Map<String, Object> toJson(long seq, Stroke stroke) {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("seq", seq);
        json.put("id", stroke.id());
        json.put("author", stroke.author());
        json.put("colour", stroke.colour());
        json.put("width", stroke.widthPx());
        List<List<Integer>> points = new ArrayList<>(stroke.points().size());
        for (Stroke.Point point : stroke.points()) {
            points.add(List.of(point.x(), point.y()));
        }
        json.put("points", points);
        return json;
    }

    private static int integer(Object value, String name) {
        if (!(value instanceof BigDecimal number)) {
            throw new IllegalArgumentException(name + " must be a number");
        }
        try {
            return number.intValueExact();
        } catch (ArithmeticException e) {
            throw new IllegalArgumentException(name + " must be a whole number in range, got " + number);
        }
    }
}
