package org.gcs.node;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import org.gcs.GcsNode;
import org.gcs.order.Ordering;
import org.gcs.order.TotalOrderMember;

/**
 * The joiner of {@link LoopbackLargeStateTransferTest}, in a JVM of its own (started with a bounded heap): it joins
 * the total-order group through a seed in another site, receives the state, waits until it applied the expected
 * number of messages and prints one line, {@code DONE position=… attempts=… applied=… digest=… peakHeapMb=…}.
 *
 * <p>Arguments: site, member name, seed (host:port), blob bytes, expected messages.
 */
public final class StateJoinerMain {
    private StateJoinerMain() {
    }

    public static void main(String[] args) throws Exception {
        String site = args[0];
        String name = args[1];
        long blobBytes = Long.parseLong(args[3]);
        int expected = Integer.parseInt(args[4]);
        BlobState state = new BlobState(blobBytes);
        try (LoopbackCluster cluster = new LoopbackCluster()) {
            cluster.seedWith(args[2]);
            GcsNode node = cluster.start(site, name);
            try (TotalOrderMember order = TotalOrderMember.over(node)) {
                order.onOrdered(state);
                order.join(LoopbackLargeStateTransferTest.G, Ordering.TOTAL, state);
                long deadlineNs = System.nanoTime() + 600_000_000_000L;
                synchronized (state) {
                    while (state.failure() == null && (state.statePosition() < 0 || state.appliedCount() < expected)
                            && System.nanoTime() < deadlineNs) {
                        state.wait(200); // woken by every message applied; re-checks the failure and the deadline
                    }
                }
                if (state.failure() != null || state.statePosition() < 0) {
                    System.out.println("FAILED " + (state.failure() != null ? state.failure() : "no state in time")
                            + "; " + order.describe(LoopbackLargeStateTransferTest.G));
                    return;
                }
                System.out.println("DONE position=" + state.statePosition() + " attempts=" + state.readAttempts()
                        + " applied=" + state.appliedCount() + " digest=" + digest(state.applied())
                        + " peakHeapMb=" + peakHeapBytes() / (1 << 20));
            }
        }
    }

    static String digest(List<String> applied) throws Exception {
        MessageDigest sha = MessageDigest.getInstance("SHA-256");
        for (String id : applied) {
            sha.update(id.getBytes(StandardCharsets.UTF_8));
            sha.update((byte) '\n');
        }
        return HexFormat.of().formatHex(sha.digest());
    }

    /** @return the peak bytes used, summed over the heap's memory pools */
    private static long peakHeapBytes() {
        long bytes = 0;
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == MemoryType.HEAP) {
                bytes += pool.getPeakUsage().getUsed();
            }
        }
        return bytes;
    }
}
