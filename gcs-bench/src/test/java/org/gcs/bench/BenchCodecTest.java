package org.gcs.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class BenchCodecTest {

    @Test
    void shouldCarryKindSequenceAndSendTimeInThePayloadHeader() {
        byte[] payload = BenchPayload.encode(1000, BenchPayload.MEASURED, 123_456_789L, 1_700_000_000_000_000L);

        assertThat(payload).hasSize(1000);
        assertThat(BenchPayload.kind(payload, 0, payload.length)).isEqualTo(BenchPayload.MEASURED);
        assertThat(BenchPayload.sequence(payload, 0)).isEqualTo(123_456_789L);
        assertThat(BenchPayload.sentMicros(payload, 0)).isEqualTo(1_700_000_000_000_000L);
        assertThatThrownBy(() -> BenchPayload.encode(BenchPayload.HEADER_BYTES - 1, BenchPayload.PROBE, 0, 0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("at least 17 bytes");
    }

    @Test
    void shouldEncodeLatencySamplesAsOneWordAndBack() {
        LatencySamples samples = new LatencySamples();
        for (long seq = 1; seq <= 200; seq++) { // past the initial capacity
            samples.add(seq, 1_764_000_000_000_000L + seq * 50_000, 51_000 + seq);
        }

        String text = samples.encode();

        assertThat(text).doesNotContain(" ").startsWith("1:1764000000050000:51001,2:");
        List<LatencySample> back = LatencySamples.decode("c2", text);
        assertThat(back).hasSize(200);
        assertThat(back.get(199)).isEqualTo(new LatencySample("c2", 200, 1_764_000_010_000_000L, 51_200));
        assertThat(LatencySamples.decode("c2", new LatencySamples().encode())).isEmpty();
        assertThatThrownBy(() -> LatencySamples.decode("c2", "1:2")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'1:2'");
        assertThatThrownBy(() -> LatencySamples.decode("c2", "1:x:3")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void shouldTakeTheCpuModelFromCpuinfo(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
            throws java.io.IOException {
        java.nio.file.Path cpuinfo = dir.resolve("cpuinfo");
        java.nio.file.Files.writeString(cpuinfo, "processor\t: 0\nmodel name\t: AMD EPYC 7B13\nflags\t: fpu\n");

        assertThat(MachineInfo.cpuModel(cpuinfo)).isEqualTo("AMD EPYC 7B13");
        assertThat(MachineInfo.cpuModel(dir.resolve("missing"))).isEqualTo("unknown");
    }
}
