package org.gcs.node;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import org.gcs.GcsNode;
import org.gcs.SendQueueFullException;
import org.gcs.order.Ordering;
import org.gcs.order.TotalOrderMember;
import org.junit.jupiter.api.Test;

/**
 * A large state crosses sites: two members of site a hold a state of {@code gcs.test.largeStateBytes} bytes (200 MB
 * by default) and send messages throughout; a joiner in site b runs in a JVM of its own whose heap is capped at
 * 256 MB ({@link StateJoinerMain}). It must receive the state and every later message once: its applied list (the
 * snapshot's, then what it delivered) must equal the providers', digest for digest. It reports its peak heap.
 */
class LoopbackLargeStateTransferTest {
    static final String G = "g";
    private static final long STATE_BYTES = Long.getLong("gcs.test.largeStateBytes", 200_000_000L);
    private static final int PER_SENDER = 1500;
    private static final String JOINER_HEAP = "-Xmx" + System.getProperty("gcs.test.joinerHeap", "256m");

    @Test
    void shouldStreamALargeStateToAJoinerInAnotherSiteWithinABoundedHeap() throws Exception {
        List<TotalOrderMember> orders = new ArrayList<>();
        Process joiner = null;
        try (LoopbackCluster cluster = new LoopbackCluster()) {
            List<BlobState> states = new ArrayList<>();
            for (String name : List.of("a1", "a2")) {
                GcsNode node = cluster.start("a", name);
                TotalOrderMember order = TotalOrderMember.over(node);
                BlobState state = new BlobState(STATE_BYTES);
                order.onOrdered(state);
                order.provideState(state);
                order.join(G, Ordering.TOTAL, state);
                orders.add(order);
                states.add(state);
            }
            await().atMost(Duration.ofSeconds(60))
                    .until(() -> orders.get(0).view(G).map(v -> v.size() == 2).orElse(false));
            String seed = "127.0.0.1:" + cluster.nodes().get(0).wanAddress().getPort();
            Path log = Path.of("target", "state-joiner.log");
            ProcessBuilder builder = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java")
                    .toString(), JOINER_HEAP, "-cp", System.getProperty("java.class.path"),
                    "-Dorg.slf4j.simpleLogger.defaultLogLevel=info", StateJoinerMain.class.getName(), "b", "b1",
                    seed, Long.toString(STATE_BYTES), Integer.toString(2 * PER_SENDER))
                    .redirectError(log.toFile());
            long startNs = System.nanoTime();
            Process started = builder.start();
            joiner = started;
            AtomicReference<String> result = readResultLine(started);
            List<Thread> senders = new ArrayList<>();
            for (TotalOrderMember order : orders) {
                senders.add(sendPaced(order));
            }
            await().atMost(Duration.ofMinutes(10)).pollInterval(Duration.ofMillis(200))
                    .until(() -> result.get() != null || !started.isAlive());
            double seconds = (System.nanoTime() - startNs) / 1e9;
            for (Thread sender : senders) {
                sender.join();
            }
            String line = result.get();
            assertThat(line).as("the joiner's result (its log: " + log.toAbsolutePath() + ")").startsWith("DONE");
            await().atMost(Duration.ofSeconds(60)).until(() -> states.stream()
                    .allMatch(s -> s.appliedCount() == 2 * PER_SENDER));
            String expectedDigest = StateJoinerMain.digest(states.get(0).applied());
            System.out.printf("large state transfer: %d MB from site a to a joiner in site b with %s, done in %.1f s"
                    + " (%.1f MB/s, JVM start and admission included): %s%n", STATE_BYTES / 1_000_000, JOINER_HEAP,
                    seconds, STATE_BYTES / 1e6 / seconds, line);
            assertThat(StateJoinerMain.digest(states.get(1).applied())).isEqualTo(expectedDigest);
            assertThat(line).contains("digest=" + expectedDigest).contains("applied=" + 2 * PER_SENDER);
        } finally {
            orders.forEach(TotalOrderMember::close);
            if (joiner != null) {
                joiner.destroyForcibly();
            }
        }
    }

    /** Reads the joiner's output on a thread of its own; the reference holds its DONE or FAILED line. */
    private static AtomicReference<String> readResultLine(Process process) {
        AtomicReference<String> result = new AtomicReference<>();
        Thread reader = new Thread(() -> {
            try (BufferedReader in = new BufferedReader(new InputStreamReader(process.getInputStream(),
                    StandardCharsets.UTF_8))) {
                for (String line = in.readLine(); line != null; line = in.readLine()) {
                    if (line.startsWith("DONE") || line.startsWith("FAILED")) {
                        result.set(line);
                    }
                }
            } catch (java.io.IOException e) {
                result.compareAndSet(null, "FAILED reading the joiner's output: " + e);
            }
        }, "joiner-output");
        reader.setDaemon(true);
        reader.start();
        return result;
    }

    /** Sends {@link #PER_SENDER} messages, one every 10 ms, from a thread of its own. */
    private static Thread sendPaced(TotalOrderMember order) {
        Thread t = new Thread(() -> {
            long nextNs = System.nanoTime();
            for (int k = 1; k <= PER_SENDER; ) {
                nextNs += 10_000_000L;
                LockSupport.parkNanos(nextNs - System.nanoTime());
                try {
                    order.sendAsync(G, BlobState.payload(k, 64));
                    k++;
                } catch (SendQueueFullException full) {
                    // slower than 100 msg/s: again at the next tick
                }
            }
        }, "sender-" + order.self().name());
        t.start();
        return t;
    }
}
