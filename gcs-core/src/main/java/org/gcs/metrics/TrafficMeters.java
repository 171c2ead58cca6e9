package org.gcs.metrics;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * The traffic counters of one node: WAN datagrams, packets and bytes, LAN messages and sends, application messages
 * and payload bytes sent and delivered, duplicates, gaps, NAKs and retransmissions, and the delivery latency timer
 * (with percentiles 0.5, 0.95, 0.99 and a percentile histogram from 100 µs to 30 s; it records a sample of the
 * deliveries under load, see {@code DeliveryMeter}). Thread-safe.
 */
final class TrafficMeters {
    /** The smallest delivery latency the histogram expects. */
    static final Duration LATENCY_MIN = Duration.ofNanos(100_000);
    /** The largest delivery latency the histogram expects. */
    static final Duration LATENCY_MAX = Duration.ofSeconds(30);

    private final NodeMeters meters;
    private final Counter wanDatagramsSent;
    private final Counter wanBytesSent;
    private final Counter wanPacketsSent;
    private final Counter lanMessagesSent;
    private final Counter lanSends;
    private final Counter wanDatagramsReceived;
    private final Counter wanBytesReceived;
    private final Counter messagesSent;
    private final Counter payloadBytesSent;
    private final Counter messagesDelivered;
    private final Counter payloadBytesDelivered;
    private final Counter duplicates;
    private final Counter gaps;
    private final Counter naksSent;
    private final Counter nakedPackets;
    private final Counter naksReceived;
    private final Counter retransmits;
    private final Counter implausibleRttSamples;
    private final Counter controlSplit;
    private final Counter relayed;
    private final Counter controlTooLarge;
    private final Counter siteConflicts;
    private final Counter supersededDelegates;
    private final Counter handoverRequests;
    private final Timer deliveryLatency;

    /** @param meters where to register */
    TrafficMeters(NodeMeters meters) {
        this.meters = meters;
        wanDatagramsSent = counter(GcsMeters.WAN_DATAGRAMS_SENT);
        wanBytesSent = counter(GcsMeters.WAN_BYTES_SENT);
        wanPacketsSent = counter(GcsMeters.WAN_PACKETS_SENT);
        lanMessagesSent = counter(GcsMeters.LAN_MESSAGES_SENT);
        lanSends = counter(GcsMeters.LAN_SENDS);
        wanDatagramsReceived = counter(GcsMeters.WAN_DATAGRAMS_RECEIVED);
        wanBytesReceived = counter(GcsMeters.WAN_BYTES_RECEIVED);
        messagesSent = counter(GcsMeters.MESSAGES_SENT);
        payloadBytesSent = counter(GcsMeters.PAYLOAD_BYTES_SENT);
        messagesDelivered = counter(GcsMeters.MESSAGES_DELIVERED);
        payloadBytesDelivered = counter(GcsMeters.PAYLOAD_BYTES_DELIVERED);
        duplicates = counter(GcsMeters.DUPLICATES_SUPPRESSED);
        gaps = counter(GcsMeters.SENDER_GAPS);
        naksSent = counter(GcsMeters.NAKS_SENT);
        nakedPackets = counter(GcsMeters.NAKED_PACKETS);
        naksReceived = counter(GcsMeters.NAKS_RECEIVED);
        retransmits = counter(GcsMeters.RETRANSMITS);
        implausibleRttSamples = counter(GcsMeters.RTT_SAMPLES_IMPLAUSIBLE);
        controlSplit = counter(GcsMeters.WAN_CONTROL_SPLIT);
        relayed = counter(GcsMeters.WAN_RELAYED);
        controlTooLarge = counter(GcsMeters.WAN_CONTROL_TOO_LARGE);
        siteConflicts = counter(GcsMeters.SITE_CONFLICTS);
        supersededDelegates = counter(GcsMeters.SUPERSEDED_DELEGATES);
        handoverRequests = counter(GcsMeters.HANDOVER_REQUESTS);
        deliveryLatency = meters.keep(Timer.builder(GcsMeters.DELIVERY_LATENCY.meterName())
                .description(GcsMeters.DELIVERY_LATENCY.description()).tags(meters.tags())
                .publishPercentiles(0.5, 0.95, 0.99).publishPercentileHistogram(true)
                .minimumExpectedValue(LATENCY_MIN).maximumExpectedValue(LATENCY_MAX)
                .register(meters.registry()));
    }

    private Counter counter(GcsMeters meter) {
        return meters.counter(meter, Tags.empty());
    }

    void wanSent(int bytes, int packets) {
        wanDatagramsSent.increment();
        wanBytesSent.increment(bytes);
        wanPacketsSent.increment(packets);
    }

    void lanSent(int messages, int sends) {
        lanMessagesSent.increment(messages);
        lanSends.increment(sends);
    }

    void wanReceived(int bytes) {
        wanDatagramsReceived.increment();
        wanBytesReceived.increment(bytes);
    }

    void messagesSent(long messages, long payloadBytes) {
        messagesSent.increment(messages);
        payloadBytesSent.increment(payloadBytes);
    }

    void messagesDelivered(long messages, long payloadBytes) {
        messagesDelivered.increment(messages);
        payloadBytesDelivered.increment(payloadBytes);
    }

    void deliveryLatency(long latencyMicros) {
        if (latencyMicros >= 0) {
            deliveryLatency.record(latencyMicros, TimeUnit.MICROSECONDS);
        }
    }

    void nakSent(long missing) {
        naksSent.increment();
        nakedPackets.increment(missing);
    }

    void nakReceived() {
        naksReceived.increment();
    }

    void retransmitted(long packets) {
        retransmits.increment(packets);
    }

    void implausibleRttSample() {
        implausibleRttSamples.increment();
    }

    void duplicateSuppressed() {
        duplicates.increment();
    }

    void senderGap(long missing) {
        gaps.increment(missing);
    }

    void controlPacketSplit() {
        controlSplit.increment();
    }

    void wanRelayed() {
        relayed.increment();
    }

    void controlPacketTooLarge() {
        controlTooLarge.increment();
    }

    void siteConflictDetected() {
        siteConflicts.increment();
    }

    void delegateSuperseded() {
        supersededDelegates.increment();
    }

    void handoverRequested() {
        handoverRequests.increment();
    }

    long handoverRequests() {
        return (long) meters.count(handoverRequests);
    }

    long implausibleRttSamples() {
        return (long) meters.count(implausibleRttSamples);
    }

    long controlPacketsSplit() {
        return (long) meters.count(controlSplit);
    }

    long siteConflicts() {
        return (long) meters.count(siteConflicts);
    }

    double meanDeliveryLatencyMs() {
        return meters.meanMs(deliveryLatency);
    }
}
