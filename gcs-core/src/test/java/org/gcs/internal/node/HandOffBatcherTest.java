package org.gcs.internal.node;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class HandOffBatcherTest {
    private final ManualExecutor loop = new ManualExecutor();
    private final ManualExecutor target = new ManualExecutor();
    private final List<List<String>> batches = new ArrayList<>();
    private final List<List<String>> refused = new ArrayList<>();
    private final HandOffBatcher<String> batcher = new HandOffBatcher<>(loop, target, batches::add, refused::add);

    @Test
    void shouldHandOverWhatTheQueuedLoopTasksProduceAsOneBatchInOrder() {
        loop.execute(() -> batcher.add("a"));
        loop.execute(() -> {
            batcher.add("b");
            batcher.add("c");
        });
        loop.runAll();

        assertThat(target.queued()).as("one hand-off for three items").isEqualTo(1);
        target.runAll();
        assertThat(batches).containsExactly(List.of("a", "b", "c"));
    }

    @Test
    void shouldFlushBehindTheLoopTasksAlreadyQueued() {
        loop.execute(() -> batcher.add("first"));
        loop.execute(() -> batcher.add("second"));
        loop.runNext();
        assertThat(target.queued()).as("the flush waits behind the second task").isZero();

        loop.runAll();
        target.runAll();
        assertThat(batches).containsExactly(List.of("first", "second"));
    }

    @Test
    void shouldStartANewBatchAfterAFlush() {
        loop.execute(() -> batcher.add("a"));
        loop.runAll();
        loop.execute(() -> batcher.add("b"));
        loop.runAll();

        target.runAll();
        assertThat(batches).containsExactly(List.of("a"), List.of("b"));
    }

    @Test
    void shouldFlushOnDemandAndIgnoreAnEmptyFlush() {
        batcher.add("a");
        batcher.flush();
        batcher.flush();
        loop.runAll(); // the queued flush finds nothing

        assertThat(target.queued()).isEqualTo(1);
        target.runAll();
        assertThat(batches).containsExactly(List.of("a"));
    }

    @Test
    void shouldPassARefusedBatchToTheRefusedHandler() {
        target.refuse();
        batcher.add("a");
        batcher.add("b");
        loop.runAll();

        assertThat(refused).containsExactly(List.of("a", "b"));
        assertThat(batches).isEmpty();
    }

    @Test
    void shouldHandOverAtOnceWhenTheLoopRunsNoMoreTasks() {
        loop.refuse();
        batcher.add("a");

        target.runAll();
        assertThat(batches).containsExactly(List.of("a"));
    }
}
