package org.gcs.tools.cli;

import java.time.Duration;
import org.gcs.Quantities;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** Converts {@code 30s}, {@code 2m}, {@code 500ms} into a {@link Duration}, as configuration files do. */
public final class DurationConverter implements ITypeConverter<Duration> {
    /**
     * @param value a duration such as {@code 30s}
     * @return the duration
     * @throws TypeConversionException if the text is not a duration
     */
    @Override
    public Duration convert(String value) {
        try {
            return Quantities.duration("duration", value);
        } catch (IllegalArgumentException e) {
            throw new TypeConversionException(e.getMessage());
        }
    }
}
