package org.gcs.tools.cli;

import java.time.Duration;
import org.gcs.Quantities;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * Converts {@code 30s}, {@code 2m}, {@code 500ms} into a {@link Duration}, as configuration files do; a value that
 * is not a duration is refused with {@link Quantities}' message, which lists the units it accepts
 * ({@link Quantities#timeUnits()}), after picocli's {@code Invalid value for option '--NAME': }.
 */
public final class DurationConverter implements ITypeConverter<Duration> {
    /**
     * @param value a duration such as {@code 30s}
     * @return the duration
     * @throws TypeConversionException if the text is not a duration
     */
    @Override
    public Duration convert(String value) {
        try {
            return Duration.ofNanos(Quantities.timeNs(value.strip()));
        } catch (IllegalArgumentException e) {
            throw new TypeConversionException(e.getMessage());
        }
    }
}
