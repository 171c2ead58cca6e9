package org.gcs.bench;

import java.util.List;

/**
 * The figures of one run of one system.
 *
 * @param scenario the scenario
 * @param system the system
 * @param run the run's number within its system, from 1
 * @param measuredMessages messages measured (sent by the sender)
 * @param messageBytes payload bytes per message
 * @param deliveredMessages measured messages the receiver with the fewest delivered (all of them, except for UDP)
 * @param durationMicros from the first measured send to the delivery of the last measured message at the last
 *        receiver to get it
 * @param messagesPerSec the delivery rate of the slowest receiver: measured messages per second between its first
 *        and its last measured delivery (messages the sender queued ahead during the warm-up do not count)
 * @param megabytesPerSec the same in payload megabytes (10^6 bytes) per second
 * @param sendRatePerSec the rate at which the sender handed measured messages to the system
 * @param latency one-way latencies at the other site's members (empty when not recorded)
 * @param lossRate UDP: the fraction of measured datagrams the sink did not receive (0 for the other systems)
 * @param cpuMicrosPerMessage CPU time of all nodes' processes during the measured phase (each from its first
 *        measured message to its last), per measured message; NaN when the nodes share one JVM
 * @param masters the nodes carrying their site's traffic between sites (GCS delegates, RELAY2 site masters)
 * @param wallSeconds the run's wall time, start of the first node to the end of the last
 * @param endToEndMessagesPerSec measured messages per second of {@code durationMicros} (the figure the bench
 *        reported as {@code messagesPerSec} before it measured from each receiver's first measured delivery)
 * @param orderAgreedMembers total-order systems: how many members were found to have delivered the same sequence
 *        (every receiver, or the run fails); 0 when the system's order is not checked (FIFO systems)
 * @param faults what the receivers lost, duplicated or reordered ({@link DeliveryFaults#NONE} unless the scenario
 *        is a failover: elsewhere a fault fails the run)
 * @param windowStartMicros the slowest receiver's first measured delivery, wall clock µs since the epoch (the
 *        window of {@code messagesPerSec}; -1 when unknown)
 * @param windowEndMicros its last measured delivery (-1 when unknown)
 * @param competingTcp wan-fairness: the kernel TCP flows over the same window ({@link CompetingTcp#NONE} otherwise)
 * @param backlogMillis wan-outage: from the restoration of the cut site's link until the last receiver to get it
 *        had every message sent before the restoration ({@link BacklogWatch}), in milliseconds; NaN otherwise
 * @param latencySamples every latency behind {@code latency}, receiver by receiver in the order each delivered
 *        (empty when not recorded)
 * @param memory heap allocation per message and GC pauses of all nodes' processes during the measured phase
 * @param jvmCpu the CPU per message of all nodes' JIT compiler and garbage collector threads in the measured phase,
 *        part of {@code cpuMicrosPerMessage}
 */
public record RunResult(Scenario scenario, BenchSystem system, int run, long measuredMessages, int messageBytes,
                        long deliveredMessages, long durationMicros, double messagesPerSec, double megabytesPerSec,
                        double sendRatePerSec, LatencyFigures latency, double lossRate, double cpuMicrosPerMessage,
                        List<String> masters, double wallSeconds, double endToEndMessagesPerSec,
                        int orderAgreedMembers, DeliveryFaults faults, long windowStartMicros,
                        long windowEndMicros, CompetingTcp competingTcp, double backlogMillis,
                        List<LatencySample> latencySamples, MemoryFigures memory, JvmCpuFigures jvmCpu) {
    /** Copies the list. */
    public RunResult {
        masters = List.copyOf(masters);
        latencySamples = List.copyOf(latencySamples);
    }

    /**
     * @param tcp the TCP flows that competed during the window
     * @return the same result with them
     */
    public RunResult withCompetingTcp(CompetingTcp tcp) {
        return new RunResult(scenario, system, run, measuredMessages, messageBytes, deliveredMessages, durationMicros,
                messagesPerSec, megabytesPerSec, sendRatePerSec, latency, lossRate, cpuMicrosPerMessage, masters,
                wallSeconds, endToEndMessagesPerSec, orderAgreedMembers, faults, windowStartMicros, windowEndMicros,
                tcp, backlogMillis, latencySamples, memory, jvmCpu);
    }

    /**
     * @return {@link #cpuMicrosPerMessage()} less the JIT compilers' part ({@link JvmCpuFigures}): what the nodes
     *     spent per message once compiled; NaN when either is unknown
     */
    public double cpuMicrosPerMessageWithoutJit() {
        return cpuMicrosPerMessage - jvmCpu.jitMicrosPerMessage();
    }

    /** @return wan-fairness: the system's share against one competing TCP flow ({@link CompetingTcp#shareOf}) */
    public double tcpShare() {
        return competingTcp.shareOf(megabytesPerSec * 1e6);
    }
}
