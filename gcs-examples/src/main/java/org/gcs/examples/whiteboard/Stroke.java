package org.gcs.examples.whiteboard;

import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * One stroke on the whiteboard: a polyline of points in board coordinates, drawn with one colour and width.
 * Immutable and valid by construction: every constructor argument is checked, so a stroke that exists can be drawn
 * and encoded.
 *
 * @param id the author's number for the stroke, unique per author (0 or more)
 * @param author who drew it, {@code SITE/MEMBER}
 * @param colour {@code #rrggbb}, lower case
 * @param widthPx the line width in board pixels, {@value #MIN_WIDTH_PX} to {@value #MAX_WIDTH_PX}
 * @param points 1 to {@value #MAX_POINTS} points, each within the board
 */
public record Stroke(long id, String author, String colour, int widthPx, List<Point> points) implements BoardEvent {
    /** The board's width in board pixels: x runs from 0 to this minus 1. */
    public static final int BOARD_WIDTH_PX = 1600;
    /** The board's height in board pixels: y runs from 0 to this minus 1. */
    public static final int BOARD_HEIGHT_PX = 1000;
    /** The most points of one stroke (the page splits longer ones). */
    public static final int MAX_POINTS = 2000;
    /** The thinnest line. */
    public static final int MIN_WIDTH_PX = 1;
    /** The thickest line. */
    public static final int MAX_WIDTH_PX = 64;
    /** The longest author name in UTF-16 characters (a site and a member name of at most 64 each, and the slash). */
    public static final int MAX_AUTHOR_CHARS = 129;

    private static final Pattern COLOUR = Pattern.compile("#[0-9a-fA-F]{6}");

    /** A point in board coordinates, (0, 0) at the top left. */
    public record Point(int x, int y) {
        /** @throws IllegalArgumentException if the point is outside the board */
        public Point {
            if (x < 0 || x >= BOARD_WIDTH_PX || y < 0 || y >= BOARD_HEIGHT_PX) {
                throw new IllegalArgumentException("point (" + x + ", " + y + ") is outside the board (0.."
                        + (BOARD_WIDTH_PX - 1) + ", 0.." + (BOARD_HEIGHT_PX - 1) + ")");
            }
        }
    }

    /** @throws IllegalArgumentException naming the first invalid argument */
    public Stroke {
        if (id < 0) {
            throw new IllegalArgumentException("stroke id must be 0 or more, got " + id);
        }
        if (author == null || author.isEmpty() || author.length() > MAX_AUTHOR_CHARS) {
            throw new IllegalArgumentException("author must have 1 to " + MAX_AUTHOR_CHARS + " characters");
        }
        if (colour == null || !COLOUR.matcher(colour).matches()) {
            throw new IllegalArgumentException("colour must be #rrggbb (hexadecimal), got "
                    + (colour == null ? "none" : "'" + shorten(colour) + "'"));
        }
        colour = colour.toLowerCase(Locale.ROOT);
        if (widthPx < MIN_WIDTH_PX || widthPx > MAX_WIDTH_PX) {
            throw new IllegalArgumentException("width must be " + MIN_WIDTH_PX + " to " + MAX_WIDTH_PX + " px, got "
                    + widthPx);
        }
        if (points == null || points.isEmpty() || points.size() > MAX_POINTS) {
            throw new IllegalArgumentException("a stroke needs 1 to " + MAX_POINTS + " points, got "
                    + (points == null ? 0 : points.size()));
        }
        points = List.copyOf(points);
    }

    /** @return the colour as a 24-bit RGB number */
    public int rgb() {
        return Integer.parseInt(colour.substring(1), 16);
    }

    private static String shorten(String text) {
        return text.length() <= 20 ? text : text.substring(0, 20) + "...";
    }
}
