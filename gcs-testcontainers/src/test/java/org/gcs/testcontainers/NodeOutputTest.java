package org.gcs.testcontainers;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@link NodeOutput} reads the lines {@code gcs node} prints (formats of {@code NodeStatus} in gcs-examples). */
class NodeOutputTest {
    private static final String DELEGATE_LINE = "12:00:01 status boston/boston-1 delegate=yes"
            + " views=chat:2 members/2 sites,board:none sent=50 delivered=98 unstable=0/1200 window=65536 rtx=0/3"
            + " flows=chat:unlimited drops=bad-mac:2 checked=98 dup=1 ooo=0"
            + " from=boston/boston-1:50/50,ottawa/ottawa-1:47/48 gaps=boston/boston-1:0/50,ottawa/ottawa-1:1/49";
    private static final String MEMBER_LINE = "12:00:02 final ottawa/ottawa-2 delegate=no (ottawa/ottawa-1)"
            + " views=chat:3 members/2 sites SITE-CONFLICT=boston sent=0 delivered=0 unstable=0/0 window=65536"
            + " rtx=0/0 flows=none checked=0 dup=0 ooo=0 from=none gaps=none";

    @Test
    void shouldParseEveryFieldOfADelegatesStatusLine() {
        GcsStatus status = NodeOutput.status(DELEGATE_LINE).orElseThrow();

        assertThat(status.member()).isEqualTo("boston/boston-1");
        assertThat(status.delegate()).isTrue();
        assertThat(status.views()).isEqualTo(Map.of("chat", new GroupSize(2, 2)));
        assertThat(status.members("chat")).isEqualTo(2);
        assertThat(status.sites("board")).isZero();
        assertThat(status.sent()).isEqualTo(50);
        assertThat(status.delivered()).isEqualTo(98);
        assertThat(status.checked()).isEqualTo(98);
        assertThat(status.duplicates()).isEqualTo(1);
        assertThat(status.outOfOrder()).isZero();
        assertThat(status.from("ottawa/ottawa-1")).contains(new SenderCounts(47, 48, 1, 49));
        assertThat(status.from("boston/boston-1")).contains(new SenderCounts(50, 50, 0, 50));
        assertThat(status.from("nobody/none")).isEmpty();
        assertThat(status.last()).isFalse();
    }

    @Test
    void shouldParseAMembersFinalLineWithoutCheckMessages() {
        GcsStatus status = NodeOutput.status(MEMBER_LINE).orElseThrow();

        assertThat(status.member()).isEqualTo("ottawa/ottawa-2");
        assertThat(status.delegate()).isFalse();
        assertThat(status.views()).containsExactlyEntriesOf(Map.of("chat", new GroupSize(3, 2)));
        assertThat(status.received()).isEmpty();
        assertThat(status.last()).isTrue();
    }

    @Test
    void shouldTellAllInOrderOnlyWhenEveryCountFits() {
        try (GcsContainer boston = new GcsContainer("boston", "boston-1");
                GcsContainer ottawa = new GcsContainer("ottawa", "ottawa-1")) {
            GcsStatus status = NodeOutput.status(DELEGATE_LINE).orElseThrow();
            assertThat(status.receivedAllInOrder(boston, 50)).as("dup=1 on the line").isFalse();
            GcsStatus clean = NodeOutput.status(DELEGATE_LINE.replace("dup=1", "dup=0")).orElseThrow();
            assertThat(clean.receivedAllInOrder(boston, 50)).isTrue();
            assertThat(clean.receivedAllInOrder(boston, 51)).isFalse();
            assertThat(clean.receivedAllInOrder(ottawa, 48)).isFalse();
        }
    }

    @Test
    void shouldFindTheNewestStatusAndViewLinesOfALog() {
        String log = String.join("\n", "node boston/boston-1 started; congestion control aimd; groups [chat]",
                "metrics: http://127.0.0.1:9464/metrics",
                "12:00:00 view chat #1: 1 members in 1 site(s) [boston/boston-1]",
                MEMBER_LINE.replace("final", "status"),
                "chat> ottawa/ottawa-1: a chat line with status and final in it",
                "12:00:01 view board #1: 1 members in 1 site(s) [boston/boston-1]",
                "12:00:01 view chat #2: 2 members in 2 site(s) [boston/boston-1, ottawa/ottawa-1]",
                DELEGATE_LINE, "12:00:02 tree chat v2 root=boston edges=boston>ottawa", "");

        assertThat(NodeOutput.lastStatusLine(log)).contains(DELEGATE_LINE);
        GcsView chat = NodeOutput.lastView(log, "chat").orElseThrow();
        assertThat(chat).isEqualTo(new GcsView("chat", 2, List.of("boston/boston-1", "ottawa/ottawa-1")));
        assertThat(chat.sites()).containsExactly("boston", "ottawa");
        assertThat(chat.contains("ottawa", "ottawa-1")).isTrue();
        assertThat(NodeOutput.lastView(log, "board").orElseThrow().size()).isEqualTo(1);
        assertThat(NodeOutput.lastView(log, "other")).isEmpty();
        assertThat(NodeOutput.lastStatusLine("no status yet\n")).isEmpty();
        assertThat(NodeOutput.status("chat> a/b: 12:00:00 status")).isEmpty();
    }
}
