package org.gcs.examples.lab.tcp;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;

/**
 * A real bottleneck between two network namespaces that this object creates and removes: a sender namespace and a
 * receiver namespace joined by a veth pair, with a token bucket filter ({@code tbf}, drop-tail) on the sender's
 * end, so every packet from sender to receiver, UDP or TCP, shares one rate limit and one queue. The reverse
 * direction (acknowledgements) is not limited. The kernel here has no {@code netem}, so the only delay is the
 * queue's (see {@code ENVIRONMENT.md}); traffic never leaves the two namespaces.
 *
 * <p>Names carry this process's id, so runs do not collide, and namespaces left behind by a run that was killed
 * are removed by the next run (their owner process is gone).
 */
final class NamespaceBottleneck implements AutoCloseable {
    /** Prefix of the namespaces this class creates. */
    static final String PREFIX = "gcs-tf-";
    /** Address of the sender's end. */
    static final String SENDER_ADDRESS = "10.213.0.1";
    /** Address of the receiver's end. */
    static final String RECEIVER_ADDRESS = "10.213.0.2";

    private final String senderNamespace;
    private final String receiverNamespace;
    private final String senderDevice;
    private final List<String> created = new ArrayList<>();
    private boolean closed;

    private NamespaceBottleneck(long pid) {
        this.senderNamespace = PREFIX + pid + "-snd";
        this.receiverNamespace = PREFIX + pid + "-rcv";
        this.senderDevice = "gtf" + pid + "s";
    }

    /**
     * Creates the namespaces, the veth pair and the bottleneck.
     *
     * @param rateBitsPerSec the bottleneck's rate
     * @param queueBytes the bottleneck's queue (tbf {@code limit})
     * @param log where to say what is being done
     * @return the bottleneck; close it to remove everything
     */
    static NamespaceBottleneck create(long rateBitsPerSec, long queueBytes, Consumer<String> log) {
        removeLeftovers(log);
        NamespaceBottleneck b = new NamespaceBottleneck(ProcessHandle.current().pid());
        try {
            b.build(rateBitsPerSec, queueBytes);
        } catch (RuntimeException e) {
            b.close();
            throw e;
        }
        log.accept(String.format(Locale.ROOT, "bottleneck: namespaces %s (%s) -> %s (%s), tbf %.1f Mbit/s, queue %d"
                + " bytes", b.senderNamespace, SENDER_ADDRESS, b.receiverNamespace, RECEIVER_ADDRESS,
                rateBitsPerSec / 1e6, queueBytes));
        return b;
    }

    private void build(long rateBitsPerSec, long queueBytes) {
        String receiverDevice = senderDevice.substring(0, senderDevice.length() - 1) + "r";
        for (String ns : List.of(senderNamespace, receiverNamespace)) {
            HostCommands.run("ip", "netns", "add", ns);
            created.add(ns);
            HostCommands.run("ip", "-n", ns, "link", "set", "lo", "up");
        }
        HostCommands.run("ip", "link", "add", senderDevice, "netns", senderNamespace, "type", "veth", "peer", "name",
                receiverDevice, "netns", receiverNamespace);
        HostCommands.run("ip", "-n", senderNamespace, "addr", "add", SENDER_ADDRESS + "/24", "dev", senderDevice);
        HostCommands.run("ip", "-n", receiverNamespace, "addr", "add", RECEIVER_ADDRESS + "/24", "dev",
                receiverDevice);
        HostCommands.run("ip", "-n", senderNamespace, "link", "set", senderDevice, "up");
        HostCommands.run("ip", "-n", receiverNamespace, "link", "set", receiverDevice, "up");
        // burst: one MTU-sized packet at least, 10 ms of the rate at most
        long burstBytes = Math.max(3_000, rateBitsPerSec / 8 / 100);
        HostCommands.run("ip", "netns", "exec", senderNamespace, "tc", "qdisc", "add", "dev", senderDevice, "root",
                "tbf", "rate", rateBitsPerSec + "bit", "burst", Long.toString(burstBytes), "limit",
                Long.toString(queueBytes));
    }

    /** Removes namespaces of earlier runs whose process is gone. */
    private static void removeLeftovers(Consumer<String> log) {
        for (String line : HostCommands.run("ip", "netns", "list").split("\n")) {
            String name = line.trim().split("\\s+")[0];
            if (!name.startsWith(PREFIX)) {
                continue;
            }
            String[] parts = name.substring(PREFIX.length()).split("-");
            try {
                long pid = Long.parseLong(parts[0]);
                if (ProcessHandle.of(pid).isEmpty()) {
                    log.accept("removing namespace " + name + " left by an earlier run (process " + pid + " is gone)");
                    HostCommands.runQuietly("ip", "netns", "del", name);
                }
            } catch (NumberFormatException ignored) {
                // not ours
            }
        }
    }

    /** @return the namespace of the sending end */
    String senderNamespace() {
        return senderNamespace;
    }

    /** @return the namespace of the receiving end */
    String receiverNamespace() {
        return receiverNamespace;
    }

    /**
     * @param namespace one of the two namespaces
     * @param command a command
     * @return the command line that runs it inside the namespace
     */
    static List<String> inside(String namespace, List<String> command) {
        List<String> line = new ArrayList<>();
        String ip = HostCommands.locate("ip");
        line.addAll(List.of(ip == null ? "ip" : ip, "netns", "exec", namespace));
        line.addAll(command);
        return line;
    }

    /** @return the bottleneck queue's counters ({@code tc -s qdisc}), e.g. packets sent and dropped */
    String queueStatistics() {
        return HostCommands.run("ip", "netns", "exec", senderNamespace, "tc", "-s", "qdisc", "show", "dev",
                senderDevice);
    }

    /** Removes both namespaces (and with them the veth pair and the qdisc). Idempotent. */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        for (String ns : created) {
            HostCommands.runQuietly("ip", "netns", "del", ns);
        }
    }
}
