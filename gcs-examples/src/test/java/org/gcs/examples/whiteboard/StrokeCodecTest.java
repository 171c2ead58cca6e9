package org.gcs.examples.whiteboard;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class StrokeCodecTest {
    private static final String AUTHOR = "boston/boston-1";

    private static Stroke stroke(List<Stroke.Point> points) {
        return new Stroke(42, AUTHOR, "#1E90ff", 7, points);
    }

    private static List<Stroke.Point> zigZagAcrossTheBoard(int count) {
        List<Stroke.Point> points = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            points.add(new Stroke.Point(i % 2 == 0 ? 0 : Stroke.BOARD_WIDTH_PX - 1,
                    (i * 37) % Stroke.BOARD_HEIGHT_PX));
        }
        return points;
    }

    @Test
    void shouldRoundTripAStrokeWithSmallAndLargeStepsInEveryDirection() {
        Stroke stroke = stroke(List.of(new Stroke.Point(10, 20), new Stroke.Point(11, 19), new Stroke.Point(1599, 999),
                new Stroke.Point(0, 0), new Stroke.Point(0, 0)));

        BoardEvent decoded = StrokeCodec.decode(StrokeCodec.encode(stroke));

        assertThat(decoded).isEqualTo(stroke);
        assertThat(((Stroke) decoded).colour()).isEqualTo("#1e90ff");
    }

    @Test
    void shouldRoundTripTheLongestStrokeAndAClear() {
        Stroke longest = new Stroke(Long.MAX_VALUE, AUTHOR, "#000000", Stroke.MAX_WIDTH_PX,
                zigZagAcrossTheBoard(Stroke.MAX_POINTS));

        assertThat(StrokeCodec.decode(StrokeCodec.encode(longest))).isEqualTo(longest);
        assertThat(StrokeCodec.decode(StrokeCodec.encode(new BoardClear(AUTHOR)))).isEqualTo(new BoardClear(AUTHOR));
    }

    @Test
    void shouldTakeAboutTwoBytesPerPointForAHandDrawnStroke() {
        List<Stroke.Point> points = new ArrayList<>();
        for (int i = 0; i < 1000; i++) {
            points.add(new Stroke.Point(100 + i, 500 + (i % 7) - 3));
        }

        assertThat(StrokeCodec.encode(stroke(points))).hasSizeLessThan(2 * 1000 + 40);
    }

    @Test
    void shouldRefuseTruncatedMessagesAtEveryLength() {
        byte[] bytes = StrokeCodec.encode(stroke(zigZagAcrossTheBoard(5)));

        for (int length = 0; length < bytes.length; length++) {
            byte[] truncated = Arrays.copyOf(bytes, length);
            assertThatThrownBy(() -> StrokeCodec.decode(truncated)).as("length %d", length)
                    .isInstanceOf(IllegalArgumentException.class);
        }
    }

    @Test
    void shouldRefuseTrailingBytesAnotherMagicVersionOrKind() {
        byte[] bytes = StrokeCodec.encode(stroke(zigZagAcrossTheBoard(3)));

        assertThatThrownBy(() -> StrokeCodec.decode(Arrays.copyOf(bytes, bytes.length + 1)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("after the end");
        for (int at = 0; at < 3; at++) {
            byte[] changed = bytes.clone();
            changed[at] = 9;
            assertThatThrownBy(() -> StrokeCodec.decode(changed)).isInstanceOf(IllegalArgumentException.class);
        }
        assertThatThrownBy(() -> StrokeCodec.decode("hello, world".getBytes()))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void shouldRefuseAWidthOfZeroAPointOffTheBoardAndAnAuthorThatIsNotUtf8() {
        byte[] bytes = StrokeCodec.encode(new Stroke(1, "a/b", "#000000", 1, List.of(new Stroke.Point(5, 5))));
        // 'W' 1 1, author length 3, "a/b", id 1, RGB 0 0 0, width, count 1, x x, y y
        int widthAt = 3 + 1 + 3 + 1 + 3;
        byte[] noWidth = bytes.clone();
        noWidth[widthAt] = 0;
        byte[] offBoard = bytes.clone();
        offBoard[widthAt + 2] = (byte) 0xff;
        byte[] badAuthor = bytes.clone();
        badAuthor[4] = (byte) 0xc3;

        assertThatThrownBy(() -> StrokeCodec.decode(noWidth)).hasMessageContaining("width");
        assertThatThrownBy(() -> StrokeCodec.decode(offBoard)).hasMessageContaining("outside the board");
        assertThatThrownBy(() -> StrokeCodec.decode(badAuthor)).hasMessageContaining("UTF-8");
    }

    @Test
    void shouldRefuseAPointCountOfZeroOrAboveTheLimit() {
        byte[] bytes = StrokeCodec.encode(new Stroke(1, "a/b", "#000000", 1, List.of(new Stroke.Point(5, 5))));
        int countAt = 3 + 1 + 3 + 1 + 3 + 1;
        byte[] none = bytes.clone();
        none[countAt] = 0;
        byte[] tooMany = new byte[bytes.length + 1];
        System.arraycopy(bytes, 0, tooMany, 0, countAt);
        tooMany[countAt] = (byte) 0xd1; // 2001 = 0x7d1 as LEB128: d1 0f
        tooMany[countAt + 1] = 0x0f;
        System.arraycopy(bytes, countAt + 1, tooMany, countAt + 2, bytes.length - countAt - 1);

        assertThatThrownBy(() -> StrokeCodec.decode(none)).hasMessageContaining("1 to 2000 points, got 0");
        assertThatThrownBy(() -> StrokeCodec.decode(tooMany)).hasMessageContaining("1 to 2000 points, got 2001");
    }

    @Test
    void shouldRefuseInvalidStrokes() {
        List<Stroke.Point> one = List.of(new Stroke.Point(0, 0));

        assertThatThrownBy(() -> new Stroke(-1, AUTHOR, "#000000", 1, one)).hasMessageContaining("id");
        assertThatThrownBy(() -> new Stroke(1, "", "#000000", 1, one)).hasMessageContaining("author");
        assertThatThrownBy(() -> new Stroke(1, AUTHOR, "red", 1, one)).hasMessageContaining("#rrggbb");
        assertThatThrownBy(() -> new Stroke(1, AUTHOR, "#00000g", 1, one)).hasMessageContaining("#rrggbb");
        assertThatThrownBy(() -> new Stroke(1, AUTHOR, "#000000", 0, one)).hasMessageContaining("width");
        assertThatThrownBy(() -> new Stroke(1, AUTHOR, "#000000", 65, one)).hasMessageContaining("width");
        assertThatThrownBy(() -> new Stroke(1, AUTHOR, "#000000", 1, List.of())).hasMessageContaining("points");
        assertThatThrownBy(() -> new Stroke(1, AUTHOR, "#000000", 1, zigZagAcrossTheBoard(Stroke.MAX_POINTS + 1)))
                .hasMessageContaining("points");
        assertThatThrownBy(() -> new Stroke.Point(1600, 0)).hasMessageContaining("outside the board");
        assertThatThrownBy(() -> new Stroke.Point(0, -1)).hasMessageContaining("outside the board");
    }

    @Test
    void shouldParseTheJsonOfThePageAndWriteItBack() {
        Stroke stroke = StrokeJson.parse("{\"colour\":\"#FF0000\", \"width\":3,\n \"points\":[[1,2],[3,4]]}", 7,
                AUTHOR);

        assertThat(stroke).isEqualTo(new Stroke(7, AUTHOR, "#ff0000", 3,
                List.of(new Stroke.Point(1, 2), new Stroke.Point(3, 4))));
        assertThat(org.gcs.tools.json.JsonWriter.write(StrokeJson.toJson(9, stroke))).isEqualTo(
                "{\"seq\":9,\"id\":7,\"author\":\"boston/boston-1\",\"colour\":\"#ff0000\",\"width\":3,"
                        + "\"points\":[[1,2],[3,4]]}");
    }

    @Test
    void shouldRefuseBadJsonFromThePage() {
        String[] bad = {
            "", "null", "[]", "{", "{\"colour\":\"#000000\",\"width\":3,\"points\":[[1,2]]} x",
            "{\"colour\":\"#000000\",\"width\":3,\"points\":[[1,2]],\"author\":\"me\"}",
            "{\"colour\":\"#000000\",\"colour\":\"#000000\",\"width\":3,\"points\":[[1,2]]}",
            "{\"colour\":\"black\",\"width\":3,\"points\":[[1,2]]}",
            "{\"colour\":\"#000000\",\"width\":\"3\",\"points\":[[1,2]]}",
            "{\"colour\":\"#000000\",\"width\":3.5,\"points\":[[1,2]]}",
            "{\"colour\":\"#000000\",\"width\":3,\"points\":[]}",
            "{\"colour\":\"#000000\",\"width\":3,\"points\":[[1,2,3]]}",
            "{\"colour\":\"#000000\",\"width\":3,\"points\":[[1e9,2]]}",
            "{\"colour\":\"#000000\",\"width\":3,\"points\":[[-1,2]]}",
            "{\"colour\":\"#000000\",\"width\":3,\"points\":[[1,1000]]}",
            "{\"colour\":\"#000000\",\"width\":3,\"points\":" + "[".repeat(100) + "]".repeat(100) + "}",
        };
        for (String body : bad) {
            assertThatThrownBy(() -> StrokeJson.parse(body, 1, AUTHOR)).as(body)
                    .isInstanceOf(IllegalArgumentException.class);
        }
        StringBuilder tooMany = new StringBuilder("{\"colour\":\"#000000\",\"width\":3,\"points\":[[0,0]");
        tooMany.append(",[1,1]".repeat(Stroke.MAX_POINTS)).append("]}");
        assertThatThrownBy(() -> StrokeJson.parse(tooMany.toString(), 1, AUTHOR))
                .hasMessageContaining("at most 2000 points");
    }
}
