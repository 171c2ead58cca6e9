package org.gcs.tools.netns;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The delay line's loss models, checked by the helper itself ({@code delay_line.py --self-test}, no root needed):
 * Gilbert-Elliott keeps one chain per destination, so packets to two sites, however interleaved, each see their own
 * chain; random loss drops its share.
 */
class DelayLineLossModelTest {
    @TempDir
    Path workDir;

    @Test
    void gilbertElliottChainsArePerDestinationAndRandomLossDropsItsShare() throws IOException, InterruptedException {
        Process helper = new ProcessBuilder(HelperScript.command("delay_line.py", workDir, List.of("--self-test")))
                .redirectErrorStream(true).start();
        assertThat(helper.waitFor(60, TimeUnit.SECONDS)).isTrue();
        String output = new String(helper.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        assertThat(output).isEqualTo("ok");
        assertThat(helper.exitValue()).isZero();
    }
}
