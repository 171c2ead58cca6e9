package org.gcs.emulator;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.gcs.Quantities;

/**
 * The {@code cross} lines of a topology text: the cross-traffic streams, in declaration order ({@code <->} gives the
 * first-to-second direction first), each on a bandwidth-limited link declared above it.
 */
final class CrossDirectives {

    private static final List<String> CROSS_KEYS = List.of("rate", "on", "off", "packet", "start");
    private static final String CROSS_EXAMPLE = "e.g. 'cross a -> b rate=200kbps on=1s off=1s'";

    private final SourceLine source;
    private final SiteDirectives sites;
    private final LinkDirectives links;
    private final List<CrossTraffic> crossTraffic = new ArrayList<>();

    CrossDirectives(SourceLine source, SiteDirectives sites, LinkDirectives links) {
        this.source = source;
        this.sites = sites;
        this.links = links;
    }

    /** {@code cross <site> -> <site> rate=... on=... off=... [packet=...] [start=on|off]}; {@code <->}: both ways. */
    void parse(String[] tokens) {
        if (tokens.length < 4 || !TopologyParser.isArrow(tokens[2])) {
            throw source.error("expected 'cross <site> -> <site> rate=<bit rate> on=<time> off=<time> "
                    + "[packet=<size>] [start=on|off]' (or '<->' for both directions), " + CROSS_EXAMPLE);
        }
        String from = sites.require(tokens[1]);
        String to = sites.require(tokens[3]);
        if (from.equals(to)) {
            throw source.error("cross traffic needs a link between two different sites, got '" + from + "' twice");
        }
        boolean symmetric = tokens[2].equals(TopologyParser.SYMMETRIC);
        Map<String, String> values = new HashMap<>();
        for (int i = 4; i < tokens.length; i++) {
            String token = tokens[i];
            int eq = token.indexOf('=');
            if (eq <= 0 || eq == token.length() - 1) {
                throw source.error("expected key=value, got '" + token + "'; keys are "
                        + String.join(", ", CROSS_KEYS));
            }
            String key = token.substring(0, eq);
            String value = token.substring(eq + 1);
            if (!CROSS_KEYS.contains(key)) {
                throw source.error("unknown key '" + key + "' for cross traffic; keys are "
                        + String.join(", ", CROSS_KEYS));
            }
            if (values.put(key, value) != null) {
                throw source.error("key '" + key + "' is given twice; give it once");
            }
            if (value.contains("/")) {
                throw source.error(key + "=" + value + ": per-direction values a/b are not allowed on cross lines; "
                        + "write one 'cross a -> b' line per direction");
            }
        }
        for (String required : List.of("rate", "on", "off")) {
            if (!values.containsKey(required)) {
                throw source.error("cross traffic needs rate=, on= and off= (missing " + required + "=), "
                        + CROSS_EXAMPLE);
            }
        }
        long rateBitsPerSec = source.convert("rate", values.get("rate"), Quantities::bitsPerSec);
        if (rateBitsPerSec == 0) {
            throw source.error("rate=unlimited: cross traffic needs a finite rate, e.g. rate=200kbps");
        }
        long meanOnNs = source.convert("on", values.get("on"), Quantities::timeNs);
        if (meanOnNs == 0) {
            throw source.error("on=" + values.get("on") + ": the mean ON period must be above 0, e.g. on=1s");
        }
        long meanOffNs = source.convert("off", values.get("off"), Quantities::timeNs);
        long packetBytes = values.containsKey("packet")
                ? source.convert("packet", values.get("packet"), Quantities::bytes)
                : CrossTraffic.DEFAULT_PACKET_BYTES;
        if (packetBytes < 1 || packetBytes > CrossTraffic.MAX_PACKET_BYTES) {
            throw source.error("packet=" + values.get("packet") + ": a packet is 1B to "
                    + CrossTraffic.MAX_PACKET_BYTES + "B, e.g. packet=1000B");
        }
        boolean startsOn = switch (values.getOrDefault("start", "on")) {
            case "on" -> true;
            case "off" -> false;
            default -> throw source.error("start=" + values.get("start") + ": write start=on or start=off");
        };
        add(from, to, rateBitsPerSec, meanOnNs, meanOffNs, (int) packetBytes, startsOn);
        if (symmetric) {
            add(to, from, rateBitsPerSec, meanOnNs, meanOffNs, (int) packetBytes, startsOn);
        }
    }

    private void add(String from, String to, long rateBitsPerSec, long meanOnNs, long meanOffNs, int packetBytes,
                     boolean startsOn) {
        if (links.require(from, to, "carry cross traffic").bandwidthBitsPerSec() == 0) {
            throw source.error("cross traffic needs a bandwidth limit on the link " + LinkDirectives.key(from, to)
                    + ", which has none; give its link line bandwidth=, e.g. bandwidth=10Mbps");
        }
        crossTraffic.add(new CrossTraffic(from, to, rateBitsPerSec, meanOnNs, meanOffNs, packetBytes, startsOn));
    }

    /** Adds the streams to the topology being built, in declaration order. */
    void addTo(TopologyBuilder topology) {
        crossTraffic.forEach(topology::crossTraffic);
    }
}
