package org.gcs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * The messages of {@link Quantities} list exactly the units it accepts: every listed unit parses, and every unit it
 * parses out of a broad set of candidates is listed.
 */
class QuantitiesTest {
    /** Units a user might try: the accepted ones and their look-alikes. */
    private static final List<String> CANDIDATES = List.of("ns", "us", "µs", "ms", "s", "sec", "m", "min", "mins",
            "h", "hr", "d", "B", "b", "KB", "kB", "kb", "KiB", "MB", "MiB", "mb", "GB", "GiB", "gb", "TB", "TiB",
            "bps", "kbps", "Kbps", "Mbps", "mbps", "Gbps", "Tbps", "Bps", "MBps");

    @Test
    void durationMessagesListExactlyTheTimeUnitsAccepted() {
        assertListsExactlyTheAccepted(Quantities::timeNs, "5x");
        assertThat(Quantities.timeUnits()).isEqualTo("ns, us, ms, s, m, min or h");
    }

    @Test
    void sizeMessagesListExactlyTheSizeUnitsAccepted() {
        assertListsExactlyTheAccepted(Quantities::bytes, "5x");
        assertThat(Quantities.sizeUnits()).isEqualTo("B, KB, KiB, MB, MiB, GB or GiB (powers of 1024)");
    }

    @Test
    void rateMessagesListExactlyTheRateUnitsAccepted() {
        assertListsExactlyTheAccepted(Quantities::bitsPerSec, "5x");
    }

    @Test
    void aMissingUnitAndAnUnknownOneNameTheUnitsAndAnExample() {
        assertThatThrownBy(() -> Quantities.duration("site.timeout", "5"))
                .hasMessage("site.timeout: '5' has no unit; add one of ns, us, ms, s, m, min or h, e.g. 20ms");
        assertThatThrownBy(() -> Quantities.byteSize("max.message.bytes", "2TB"))
                .hasMessage("max.message.bytes: unknown unit 'TB' in '2TB'; use B, KB, KiB, MB, MiB, GB or GiB"
                        + " (powers of 1024), e.g. 128KB");
    }

    @Test
    void theLongUnitsParse() {
        assertThat(Quantities.duration("d", "2m")).hasMinutes(2);
        assertThat(Quantities.duration("d", "2min")).hasMinutes(2);
        assertThat(Quantities.duration("d", "1h")).hasHours(1);
        assertThat(Quantities.byteSize("b", "1GB")).isEqualTo(1L << 30);
        assertThat(Quantities.byteSize("b", "1GiB")).isEqualTo(1L << 30);
    }

    /** The units the message for an unknown unit lists are exactly the candidates that parse. */
    private static void assertListsExactlyTheAccepted(Function<String, Long> parser, String badValue) {
        String message = messageOf(parser, badValue);
        Set<String> listed = listedUnits(message);
        Set<String> accepted = new LinkedHashSet<>();
        for (String unit : CANDIDATES) {
            try {
                parser.apply("1" + unit);
                accepted.add(unit);
            } catch (IllegalArgumentException e) {
                // not a unit of this parser
            }
        }
        for (String unit : listed) {
            assertThat(parser.apply("1" + unit)).as("listed unit %s parses", unit).isNotNegative();
        }
        assertThat(listed).as("units listed in: %s", message).containsAll(accepted);
    }

    private static String messageOf(Function<String, Long> parser, String value) {
        try {
            parser.apply(value);
        } catch (IllegalArgumentException e) {
            return e.getMessage();
        }
        throw new AssertionError(value + " parsed");
    }

    /** @return the units of "...; use a, b or c (note), e.g. ..." */
    private static Set<String> listedUnits(String message) {
        String list = message.substring(message.indexOf("; use ") + "; use ".length(), message.indexOf(", e.g."));
        list = list.replaceAll(" \\(.*\\)", "");
        List<String> names = new ArrayList<>();
        for (String part : list.split(", | or ")) {
            names.add(part.strip());
        }
        return new LinkedHashSet<>(names);
    }
}
