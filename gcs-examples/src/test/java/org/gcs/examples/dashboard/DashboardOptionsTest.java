package org.gcs.examples.dashboard;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetSocketAddress;
import org.gcs.examples.cli.GcsCommand;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/** The dashboard's options: off by default, port 8080 with {@code --dashboard}, loopback unless told otherwise. */
class DashboardOptionsTest {
    @Command(name = "holder")
    static final class Holder {
        @Mixin
        DashboardOptions options = new DashboardOptions();
    }

    private static DashboardOptions parse(String... args) {
        Holder holder = new Holder();
        new CommandLine(holder).parseArgs(args);
        return holder.options;
    }

    @Test
    void shouldBeOffUnlessAskedFor() {
        assertThat(parse().enabled()).isFalse();
    }

    @Test
    void shouldServeOnLoopbackPort8080WithTheFlagAlone() {
        DashboardOptions options = parse("--dashboard");

        assertThat(options.enabled()).isTrue();
        assertThat(options.address()).isEqualTo(new InetSocketAddress("127.0.0.1", DashboardOptions.DEFAULT_PORT));
    }

    @Test
    void shouldTakeAPortThatImpliesTheFlagAndABindAddress() {
        DashboardOptions options = parse("--dashboard-port", "0", "--dashboard-bind", "0.0.0.0");

        assertThat(options.enabled()).isTrue();
        assertThat(options.address()).isEqualTo(new InetSocketAddress("0.0.0.0", 0));
    }

    @Test
    void shouldRefuseAPortOutOfRangeWithExitCodeTwo() {
        for (String command : new String[] {"demo", "node"}) {
            StringWriter err = new StringWriter();
            int code = new CommandLine(new GcsCommand()).setOut(new PrintWriter(new StringWriter()))
                    .setErr(new PrintWriter(err)).execute(command, "--config", "unused.properties",
                            "--dashboard-port", "70000");

            assertThat(code).as("%s: %s", command, err).isEqualTo(2);
            assertThat(err.toString()).contains("--dashboard-port must be in 0..65535, got 70000");
        }
    }
}
