package org.gcs.examples.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.gcs.order.DeliveryLog;
import org.gcs.order.DeliveryLogFile;
import org.gcs.order.OrderChecker;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code gcs node} with {@code order = total} ({@code --order total}) and {@code order.log.file}. */
class NodeCommandOrderTest {
    @TempDir
    Path dir;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int gcs(String... args) {
        return GcsCommand.commandLine().setOut(new PrintWriter(out)).setErr(new PrintWriter(err)).execute(args);
    }

    private Path soloConfig(String... extraLines) throws Exception {
        return TestSites.config(dir, "node-order", "solo", TestSites.freeUdpPort(), 0, "chat, other", extraLines);
    }

    @Test
    void aBadOrderIsAnErrorNamingTheKeyOrOptionAndTheAllowedValues() throws Exception {
        assertThat(gcs("node", "--config", soloConfig("order = random").toString())).isEqualTo(2);
        assertThat(err.toString()).contains("order must be fifo or total, not 'random'").doesNotContain("\tat ");

        assertThat(gcs("node", "--config", soloConfig().toString(), "--order", "sideways")).isEqualTo(2);
        assertThat(err.toString()).contains("--order must be fifo or total, not 'sideways'");
    }

    @Test
    void aDeliveryLogNeedsTotalOrder() throws Exception {
        assertThat(gcs("node", "--config", soloConfig("order.log.file = " + dir.resolve("x.log")).toString()))
                .isEqualTo(2);
        assertThat(err.toString()).contains("order.log.file records a total-order group's deliveries;"
                + " set order = total (or --order total)");
        assertThat(dir.resolve("x.log")).doesNotExist();
    }

    @Test
    @Timeout(60)
    void aTotalOrderNodeSendsItsCheckTrafficThroughTheOrderAndRecordsItsDeliveries() throws Exception {
        Path log = dir.resolve("solo.log");
        Path file = soloConfig("order.log.file = " + log);
        NodeCommand node = new NodeCommand();
        node.stdin = new ByteArrayInputStream(new byte[0]);

        int code = new CommandLine(node).setOut(new PrintWriter(out)).setErr(new PrintWriter(err))
                .execute("--config", file.toString(), "--order", "total", "--duration", "6s", "--status-every", "1s",
                        "--send-rate", "50", "--send-count", "40", "--size", "64", "--send-when-members", "1");

        assertThat(code).as("stderr: %s", err).isZero();
        String output = out.toString();
        assertThat(output).contains("groups [chat, other] with total order",
                "recording the delivery log of 'chat' to " + log, "send-start", "sent-done count=40");
        String last = output.lines().filter(l -> l.contains(" final ")).findFirst().orElseThrow();
        assertThat(last).contains(" views=chat:1 members/1 sites,other:1 members/1 sites")
                .endsWith(" checked=40 dup=0 ooo=0 from=solo/solo-1:40/40 gaps=solo/solo-1:0/40");

        DeliveryLog delivered = DeliveryLogFile.read(log);
        assertThat(delivered.messages()).as("the 40 check messages").isEqualTo(40);
        assertThat(delivered.incarnations()).hasSize(1);
        assertThat(delivered.incarnations().get(0).get(0).isView()).as("the admitting view comes first").isTrue();
        OrderChecker.Result result = OrderChecker.check(List.of(delivered));
        assertThat(result.ok()).as("%s", result).isTrue();
        assertThat(Files.readAllLines(log).get(0)).isEqualTo("gcs-delivery-log 1 solo/solo-1 chat");
    }
}
