package org.gcs.testcontainers;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.util.HashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** {@link DockerHostCheck#problem}: when Testcontainers would wait for an image it cannot pull. */
class DockerHostCheckTest {
    private static final URI SOCKET = URI.create("unix:///var/run/docker.sock");
    private static final String RYUK = "testcontainers/ryuk:0.13.0";
    private static final Map<String, String> RYUK_OFF = Map.of("TESTCONTAINERS_RYUK_DISABLED", "true");

    /** An engine with a bridge gateway or not, and the images it has; it pulls nothing. */
    private record Engine(boolean bridgeHasGateway, Set<String> images, Set<String> asked)
            implements DockerHostCheck.Engine {
        Engine(boolean gateway, String... images) {
            this(gateway, Set.of(images), new HashSet<>());
        }

        @Override
        public Optional<String> unavailable(String image) {
            asked.add(image);
            return images.contains(image) ? Optional.empty() : Optional.of(image + " cannot be pulled");
        }
    }

    @Test
    void shouldNameTheHostOverrideInAContainerOnALocalSocketWithoutGatewayOrAlpine() {
        Optional<String> problem = DockerHostCheck.problem(RYUK_OFF, true, SOCKET, new Engine(false), RYUK);

        assertThat(problem).hasValueSatisfying(message -> assertThat(message).contains(
                "TESTCONTAINERS_HOST_OVERRIDE", "alpine:3.17 cannot be pulled", "/.dockerenv", "docs/testing.md"));
    }

    @Test
    void shouldLetTestcontainersFindTheHostWheneverItCan() {
        Map<String, String> overridden = Map.of("TESTCONTAINERS_HOST_OVERRIDE", "localhost",
                "TESTCONTAINERS_RYUK_DISABLED", "true");
        Engine noGateway = new Engine(false);
        assertThat(DockerHostCheck.problem(overridden, true, SOCKET, noGateway, RYUK)).isEmpty();
        assertThat(noGateway.asked()).isEmpty();
        assertThat(DockerHostCheck.problem(RYUK_OFF, false, SOCKET, new Engine(false), RYUK)).as("not in a container")
                .isEmpty();
        assertThat(DockerHostCheck.problem(RYUK_OFF, true, URI.create("tcp://docker.example:2376"),
                new Engine(false), RYUK)).as("a remote engine: its host is the address").isEmpty();
        assertThat(DockerHostCheck.problem(RYUK_OFF, true, SOCKET, new Engine(true), RYUK)).as("a bridge gateway")
                .isEmpty();
        assertThat(DockerHostCheck.problem(RYUK_OFF, true, SOCKET, new Engine(false, "alpine:3.17"), RYUK))
                .as("alpine is there").isEmpty();
    }

    @Test
    void shouldNameRyuksSettingWhenRyukCannotBeHad() {
        assertThat(DockerHostCheck.problem(Map.of(), false, SOCKET, new Engine(true), RYUK))
                .hasValueSatisfying(message -> assertThat(message).contains("TESTCONTAINERS_RYUK_DISABLED=true",
                        RYUK + " cannot be pulled"));
        assertThat(DockerHostCheck.problem(Map.of(), false, SOCKET, new Engine(true, RYUK), RYUK)).isEmpty();
    }
}
