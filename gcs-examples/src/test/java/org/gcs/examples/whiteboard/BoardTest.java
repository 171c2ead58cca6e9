package org.gcs.examples.whiteboard;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

class BoardTest {
    private static Stroke stroke(long id, int points) {
        return new Stroke(id, "boston/boston-1", "#000000", 2,
                Collections.nCopies(points, new Stroke.Point(1, 1)));
    }

    private static List<Long> ids(Board.Page page) {
        return page.strokes().stream().map(entry -> entry.stroke().id()).toList();
    }

    @Test
    void shouldAnswerWithTheStrokesAfterTheGivenSequenceNumber() {
        Board board = Board.withDefaultBounds();
        board.add(stroke(0, 1));
        board.add(stroke(1, 1));
        board.add(stroke(2, 1));

        assertThat(ids(board.since(0, 10))).containsExactly(0L, 1L, 2L);
        Board.Page page = board.since(2, 10);
        assertThat(ids(page)).containsExactly(2L);
        assertThat(page.next()).isEqualTo(3);
        assertThat(page.reset()).isFalse();
        assertThat(board.since(3, 10).strokes()).isEmpty();
    }

    @Test
    void shouldAnswerInPagesWhenMoreStrokesWait() {
        Board board = Board.withDefaultBounds();
        for (int i = 0; i < 5; i++) {
            board.add(stroke(i, 1));
        }

        Board.Page first = board.since(0, 2);
        Board.Page second = board.since(first.next(), 2);
        Board.Page third = board.since(second.next(), 2);

        assertThat(ids(first)).containsExactly(0L, 1L);
        assertThat(first.more()).isTrue();
        assertThat(ids(second)).containsExactly(2L, 3L);
        assertThat(ids(third)).containsExactly(4L);
        assertThat(third.more()).isFalse();
    }

    @Test
    void shouldTellAPageFromBeforeAClearOrAfterARestartToStartAgain() {
        Board board = Board.withDefaultBounds();
        board.add(stroke(0, 1));
        board.clear();
        board.add(stroke(1, 1));

        Board.Page fromBefore = board.since(1, 10);
        Board.Page fromTheFuture = board.since(99, 10);

        assertThat(fromBefore.reset()).isTrue();
        assertThat(ids(fromBefore)).containsExactly(1L);
        assertThat(fromTheFuture.reset()).isTrue();
        assertThat(ids(fromTheFuture)).containsExactly(1L);
        assertThat(board.since(fromBefore.next(), 10).reset()).isFalse();
        assertThat(board.size()).isEqualTo(1);
    }

    @Test
    void shouldDropTheOldestStrokesBeyondItsBounds() {
        Board fewStrokes = new Board(2, Board.DEFAULT_MAX_POINTS);
        Board fewPoints = new Board(100, Stroke.MAX_POINTS);
        for (int i = 0; i < 3; i++) {
            fewStrokes.add(stroke(i, 1));
            fewPoints.add(stroke(i, 900));
        }

        assertThat(ids(fewStrokes.since(0, 10))).containsExactly(1L, 2L);
        assertThat(fewStrokes.dropped()).isEqualTo(1);
        assertThat(ids(fewPoints.since(0, 10))).containsExactly(1L, 2L);
    }

    @Test
    void shouldNotAddAStrokeItHoldsAlreadyButAgainAfterAClearOrWhenDropped() {
        Board board = new Board(1, Board.DEFAULT_MAX_POINTS);

        assertThat(board.add(stroke(0, 1))).isEqualTo(1);
        assertThat(board.add(stroke(0, 1))).isZero();
        board.clear();
        assertThat(board.add(stroke(0, 1))).isEqualTo(3);
        assertThat(board.add(stroke(1, 1))).isEqualTo(4);
        assertThat(board.add(stroke(0, 1))).isEqualTo(5);
        assertThat(board.strokes()).extracting(Stroke::id).containsExactly(0L);
    }
}
