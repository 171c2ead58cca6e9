package org.gcs.testcontainers;

import static org.assertj.core.api.Assertions.assertThat;

import com.github.dockerjava.api.exception.NotFoundException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.containers.Network;
import org.testcontainers.junit.jupiter.Testcontainers;
import org.testcontainers.utility.DockerImageName;

/**
 * {@link GcsContainer#onJavaImage}: two sites of one node each, in an image with Java but no GCS, the gcs
 * command's jar copied in; both nodes receive each other's 30 check messages once, in order.
 *
 * <p>The image is the one the system property {@value #IMAGE_PROPERTY} names (e.g. {@code eclipse-temurin:17-jre}
 * where a registry answers), else the base image of {@code docker/build-images.sh}: {@code $GCS_BASE_IMAGE} or
 * {@value #LOCAL_JAVA_IMAGE} (Debian with Java 17 and nothing of GCS); skipped when that is not there, or when {@code gcs-examples/target/gcs-examples-*-all.jar} is
 * not built ({@value #JAR_PROPERTY} names another jar). About 15 s.
 */
@Testcontainers(disabledWithoutDocker = true)
class PlainJavaImageIT {
    static final String IMAGE_PROPERTY = "gcs.java.image";
    static final String LOCAL_JAVA_IMAGE = "gcs/jre17-base:bookworm";
    static final String JAR_PROPERTY = "gcs.jar";
    private static final int MESSAGES = 30;

    @Test
    void nodesOnAPlainJavaImageExchangeEverything() throws IOException, InterruptedException {
        DockerImageName image = DockerImageName.parse(javaImage());
        Path jar = gcsJar();
        try (Network net = Network.newNetwork();
                GcsContainer boston = node(image, jar, net, "boston", "ottawa");
                GcsContainer ottawa = node(image, jar, net, "ottawa", "boston")) {
            boston.start();
            ottawa.start();
            Awaitility.await("both nodes have both streams").atMost(Duration.ofMinutes(1))
                    .pollInterval(Duration.ofSeconds(1)).untilAsserted(() -> {
                        for (GcsContainer node : List.of(boston, ottawa)) {
                            assertThat(node.lastStatusLine().orElse("")).contains("dup=0 ooo=0",
                                    "boston/boston-1:" + MESSAGES + "/" + MESSAGES,
                                    "ottawa/ottawa-1:" + MESSAGES + "/" + MESSAGES);
                        }
                    });
            assertThat(boston.execInContainer("ls", GcsContainer.JAR_PATH).getExitCode()).isZero();
        }
    }

    private static GcsContainer node(DockerImageName image, Path jar, Network net, String site, String other) {
        return GcsContainer.onJavaImage(image, jar, site, site + "-1")
                .withNetwork(net).withNetworkAliases(site)
                .withWanAddress(site).withSeeds(other + ":" + GcsContainer.WAN_PORT)
                .withGroups("chat").withClusterKey(Sites.KEY)
                .withCheckTraffic(10, MESSAGES, 2);
    }

    private static String javaImage() {
        String named = System.getProperty(IMAGE_PROPERTY);
        if (named != null && !named.isBlank()) {
            return named.trim();
        }
        String base = System.getenv("GCS_BASE_IMAGE");
        String image = base != null && !base.isBlank() ? base.trim() : LOCAL_JAVA_IMAGE;
        try {
            DockerClientFactory.instance().client().inspectImageCmd(image).exec();
        } catch (NotFoundException e) {
            Assumptions.abort("no image " + image + " (docker/build-images.sh builds it), and -D" + IMAGE_PROPERTY
                    + " names no other Java image");
        }
        return image;
    }

    private static Path gcsJar() throws IOException {
        String named = System.getProperty(JAR_PROPERTY);
        if (named != null && !named.isBlank()) {
            return Path.of(named.trim());
        }
        Path target = Path.of("..", "gcs-examples", "target");
        Optional<Path> jar = Optional.empty();
        if (Files.isDirectory(target)) {
            try (Stream<Path> files = Files.list(target)) {
                jar = files.filter(f -> f.getFileName().toString().matches("gcs-examples-.*-all\\.jar")).findFirst();
            }
        }
        Assumptions.assumeTrue(jar.isPresent(), "no gcs-examples/target/gcs-examples-*-all.jar: ./mvnw package first");
        return jar.get();
    }
}
