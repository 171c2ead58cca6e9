package org.gcs.testcontainers;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.exception.NotFoundException;
import java.io.File;
import java.net.URI;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.dockerclient.DockerClientProviderStrategy;
import org.testcontainers.dockerclient.TransportConfig;
import org.testcontainers.utility.DockerImageName;
import org.testcontainers.utility.ImageNameSubstitutor;

/**
 * Fails fast, with the setting to use, where Testcontainers would otherwise spend minutes pulling an image that
 * cannot be pulled before it gives up:
 * <ul>
 *   <li>the Docker host's address: a JVM in a container ({@code /.dockerenv}) that reaches the engine over a local
 *   socket, without {@code TESTCONTAINERS_HOST_OVERRIDE}, asks the bridge network for its gateway and, when the
 *   engine names none, runs {@value #TINY_IMAGE} to read the default route;</li>
 *   <li>Ryuk, the container that removes the test's containers, unless {@code TESTCONTAINERS_RYUK_DISABLED=true}.</li>
 * </ul>
 * An image counts as missing only when the engine does not have it and one pull attempt fails at once (no registry);
 * whatever else goes wrong (a slow pull, an engine that does not answer) is left to Testcontainers. Runs once per
 * JVM, before the first {@link GcsContainer} starts; {@code -D}{@value #SKIP_PROPERTY}{@code =true} skips it.
 */
final class DockerHostCheck {
    /** The image Testcontainers 2.0.5 runs to find the default gateway (its {@code DockerClientFactory}). */
    static final String TINY_IMAGE = "alpine:3.17";
    /** The image of Testcontainers 2.0.5's Ryuk container (its {@code RyukContainer}, not public). */
    static final String RYUK_IMAGE = "testcontainers/ryuk:0.14.0";
    /** System property that skips the check. */
    static final String SKIP_PROPERTY = "gcs.testcontainers.skipHostCheck";
    static final String HOST_OVERRIDE = "TESTCONTAINERS_HOST_OVERRIDE";
    static final String RYUK_DISABLED = "TESTCONTAINERS_RYUK_DISABLED";
    private static final long PULL_SECONDS = 30;
    /** The check's outcome once it ran: empty when all is well, else the message every start fails with. */
    private static Optional<String> outcome;

    /** What the check needs to know of the engine. */
    interface Engine {
        /** @return whether the engine's bridge network names a gateway */
        boolean bridgeHasGateway();

        /**
         * @param image an image name
         * @return why the image cannot be had, or empty if the engine has it or could pull it
         */
        Optional<String> unavailable(String image);
    }

    private DockerHostCheck() {
    }

    /**
     * Checks once per JVM.
     *
     * @throws IllegalStateException naming the setting if Testcontainers would wait for an image it cannot pull
     */
    static synchronized void once() {
        if (Boolean.getBoolean(SKIP_PROPERTY)) {
            return;
        }
        if (outcome == null) {
            TransportConfig transport = DockerClientFactory.instance().getTransportConfig();
            DockerClient client = DockerClientProviderStrategy.getClientForConfig(transport);
            outcome = problem(System.getenv(), new File("/.dockerenv").exists(), transport.getDockerHost(),
                    engine(client), RYUK_IMAGE);
        }
        outcome.ifPresent(message -> {
            throw new IllegalStateException(message);
        });
    }

    /**
     * @param env the environment variables
     * @param inContainer whether this JVM runs in a container ({@code /.dockerenv})
     * @param dockerHost where the engine is reached
     * @param engine the engine
     * @param ryukImage the Ryuk image Testcontainers would start
     * @return the message to fail with, or empty if nothing would hang
     */
    static Optional<String> problem(Map<String, String> env, boolean inContainer, URI dockerHost, Engine engine,
                                    String ryukImage) {
        String scheme = dockerHost.getScheme();
        boolean localSocket = "unix".equals(scheme) || "npipe".equals(scheme);
        if (isBlank(env.get(HOST_OVERRIDE)) && inContainer && localSocket && !engine.bridgeHasGateway()) {
            Optional<String> missing = engine.unavailable(TINY_IMAGE);
            if (missing.isPresent()) {
                return Optional.of("Testcontainers cannot find the Docker host's address here: this JVM runs in a"
                        + " container (/.dockerenv), reaches Docker over " + dockerHost + " and the engine's bridge"
                        + " network names no gateway, so Testcontainers would run " + TINY_IMAGE + " to read the"
                        + " default route, and " + missing.get() + "; it would retry for minutes. Set the environment"
                        + " variable " + HOST_OVERRIDE + " to the address this JVM reaches the containers' published"
                        + " ports at (localhost when the Docker engine runs on this machine), e.g. in failsafe's"
                        + " <environmentVariables>, or make " + TINY_IMAGE + " available (docker load). See GCS's"
                        + " docs/testing.md, 'The Docker host's address'.");
            }
        }
        if (!"true".equalsIgnoreCase(String.valueOf(env.get(RYUK_DISABLED)).trim())) {
            Optional<String> missing = engine.unavailable(ryukImage);
            if (missing.isPresent()) {
                return Optional.of("Testcontainers would start Ryuk (" + ryukImage + ") to remove the test's"
                        + " containers, and " + missing.get() + ". Set the environment variable " + RYUK_DISABLED
                        + "=true (then close your containers and networks yourself, e.g. with try-with-resources"
                        + " or @Container), or make " + ryukImage + " available. See GCS's docs/testing.md.");
            }
        }
        return Optional.empty();
    }

    private static Engine engine(DockerClient client) {
        return new Engine() {
            @Override
            public boolean bridgeHasGateway() {
                try {
                    return client.inspectNetworkCmd().withNetworkId("bridge").exec().getIpam().getConfig().stream()
                            .anyMatch(c -> !isBlank(c.getGateway()));
                } catch (RuntimeException e) {
                    return true;   // no bridge network: not the case this check is about
                }
            }

            @Override
            public Optional<String> unavailable(String name) {
                // the name Testcontainers pulls: its image name substitutor (e.g. a registry prefix) applies
                String image = ImageNameSubstitutor.instance().apply(DockerImageName.parse(name))
                        .asCanonicalNameString();
                try {
                    client.inspectImageCmd(image).exec();
                    return Optional.empty();
                } catch (NotFoundException e) {
                    // not here: try one pull
                }
                try {
                    client.pullImageCmd(image).start().awaitCompletion(PULL_SECONDS, TimeUnit.SECONDS);
                    return Optional.empty();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return Optional.empty();
                } catch (RuntimeException e) {
                    return Optional.of(image + " is not on the Docker engine and cannot be pulled (" + e.getMessage()
                            .strip() + ")");
                }
            }
        };
    }

    private static boolean isBlank(String value) {
        return value == null || value.isBlank();
    }
}
