package org.gcs.emulator;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * Finds the text of a topology by name or path ({@link Topology#load(String)}): the built-in topologies shipped on
 * the class path under {@value #RESOURCE_DIR}, else a file.
 */
final class TopologyLoader {

    /** Where the built-in topologies live on the class path. */
    static final String RESOURCE_DIR = "/org/gcs/emulator/topologies/";

    /** The names of the built-in topologies, sorted. */
    static final List<String> BUILT_IN = List.of("ron3", "ron6");

    private TopologyLoader() {
    }

    /** See {@link Topology#load(String)}. */
    static Topology load(String nameOrPath) {
        Objects.requireNonNull(nameOrPath, "nameOrPath");
        if (Topology.SITE_NAME.matcher(nameOrPath).matches()) {
            String resource = RESOURCE_DIR + nameOrPath + Topology.SUFFIX;
            try (InputStream in = Topology.class.getResourceAsStream(resource)) {
                if (in != null) {
                    return Topology.parse(new String(in.readAllBytes(), StandardCharsets.UTF_8),
                            "classpath:" + resource);
                }
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read built-in topology " + resource, e);
            }
        }
        Path path = pathOrNull(nameOrPath);
        if (path == null || !Files.isRegularFile(path)) {
            throw new IllegalArgumentException("no built-in topology named '" + nameOrPath + "' and no file '"
                    + (path == null ? nameOrPath : path.toAbsolutePath()) + "'; built-in topologies: "
                    + String.join(", ", BUILT_IN) + " (or give the path of a " + Topology.SUFFIX + " file)");
        }
        try {
            return Topology.parse(Files.readString(path, StandardCharsets.UTF_8), path.toString());
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read topology file '" + path.toAbsolutePath() + "': " + e, e);
        }
    }

    private static Path pathOrNull(String text) {
        try {
            return Path.of(text);
        } catch (InvalidPathException e) {
            return null;
        }
    }
}
