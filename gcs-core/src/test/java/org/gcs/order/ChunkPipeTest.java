package org.gcs.order;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The pipe between a transfer's receiving and reading threads: bounded, acknowledging, abortable. */
class ChunkPipeTest {
    @Test
    void shouldReadTheChunksAsOneStreamAndReportEachOneFinished() throws IOException {
        List<Long> consumed = new ArrayList<>();
        ChunkPipe pipe = new ChunkPipe(4, consumed::add);
        assertThat(pipe.offer(new byte[] {1, 2}, false)).isTrue();
        assertThat(pipe.offer(new byte[0], false)).isTrue();
        assertThat(pipe.offer(new byte[] {3}, true)).isTrue();
        InputStream in = pipe.input();
        assertThat(in.read()).isEqualTo(1);
        assertThat(consumed).isEmpty();
        assertThat(in.read()).isEqualTo(2);
        assertThat(consumed).containsExactly(0L);
        assertThat(in.readAllBytes()).containsExactly(3);
        assertThat(consumed).containsExactly(0L, 1L, 2L);
        assertThat(in.read()).isEqualTo(-1);
    }

    @Test
    void shouldRefuseAChunkBeyondItsCapacityOrAfterTheLast() {
        ChunkPipe pipe = new ChunkPipe(2, index -> { });
        assertThat(pipe.offer(new byte[1], false)).isTrue();
        assertThat(pipe.offer(new byte[1], false)).isTrue();
        assertThat(pipe.offer(new byte[1], false)).as("a third chunk in a pipe of two").isFalse();
        ChunkPipe ended = new ChunkPipe(4, index -> { });
        assertThat(ended.offer(new byte[1], true)).isTrue();
        assertThat(ended.offer(new byte[1], false)).as("a chunk after the last").isFalse();
    }

    @Test
    void shouldMakeTheReaderThrowWhenAborted() throws Exception {
        ChunkPipe pipe = new ChunkPipe(4, index -> { });
        InputStream in = pipe.input();
        Thread aborter = new Thread(() -> pipe.abort("the provider left"));
        aborter.start(); // the read below waits for a chunk until the abort wakes it
        assertThatThrownBy(in::read).isInstanceOf(IOException.class).hasMessage("the provider left");
        aborter.join();
    }
}
