package org.gcs.examples.cli;

import java.time.Duration;
import org.gcs.internal.config.Quantities;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** Converts {@code 30s}, {@code 2m}, {@code 500ms} into a {@link Duration}, as configuration files do. */
final class DurationConverter implements ITypeConverter<Duration> {
    @Override
    public Duration convert(String value) {
        try {
            return Quantities.duration("duration", value);
        } catch (IllegalArgumentException e) {
            throw new TypeConversionException(e.getMessage());
        }
    }
}
