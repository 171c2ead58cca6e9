package org.gcs.testcontainers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.github.dockerjava.api.command.CreateContainerCmd;
import com.github.dockerjava.api.model.Capability;
import com.github.dockerjava.api.model.ExposedPort;
import com.github.dockerjava.api.model.HostConfig;
import java.io.IOException;
import java.lang.reflect.Proxy;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testcontainers.utility.DockerImageName;

/** GcsContainer's configuration, without Docker. */
class GcsContainerTest {
    @Test
    void shouldWriteTheNodeConfigurationFromItsSettings() {
        try (GcsContainer node = new GcsContainer("boston", "boston-1").withGroups("chat", "board")
                .withSeeds("10.0.0.2:7700", "10.0.0.3:7700").withClusterKey("a-long-shared-test-key")
                .withWanAddress("10.0.0.1").withLanAddress("10.1.0.1").withSetting("site.timeout", "3s")) {
            assertThat(node.configText()).contains("site = boston\n", "member.name = boston-1\n",
                    "wan.bind = 0.0.0.0:7700\n", "wan.advertise = 10.0.0.1:7700\n", "groups = chat,board\n",
                    "seeds = 10.0.0.2:7700,10.0.0.3:7700\n", "lan.bind.address = 10.1.0.1\n", "site.timeout = 3s\n");
            assertThat(node.site()).isEqualTo("boston");
        }
    }

    @Test
    void shouldSayWhatIsMissingOrWrong() {
        try (GcsContainer node = new GcsContainer("boston", "boston-1")) {
            assertThatThrownBy(node::configure).hasMessageContaining("withClusterKey");
            assertThatThrownBy(() -> node.withGroups()).hasMessageContaining("at least one group");
            assertThatThrownBy(() -> node.withCheckTraffic(0, 10, 2)).hasMessageContaining("perSecond > 0");
        }
        assertThatThrownBy(() -> new GcsContainer(" ", "m")).hasMessageContaining("site");
    }

    @Test
    void shouldPassTheMessageSizeOfTheCheckTraffic() {
        try (GcsContainer node = new GcsContainer("boston", "boston-1").withClusterKey("a-long-shared-test-key")
                .withCheckTraffic(100, 1500, 6, 1000)) {
            node.configure();
            assertThat(String.join(" ", node.getCommandParts())).endsWith(
                    "--send-rate 100 --send-count 1500 --send-when-members 6 --size 1000");
            assertThatThrownBy(() -> node.withCheckTraffic(10, 10, 2, 0)).hasMessageContaining("messageBytes > 0");
        }
    }

    @Test
    void shouldAddNetAdminAndKeepOtherCapabilities() {
        try (GcsContainer node = new GcsContainer("boston", "boston-1")
                .withCreateContainerCmdModifier(cmd -> cmd.withHostConfig(
                        cmd.getHostConfig().withCapAdd(Capability.SYS_PTRACE)))
                .withNetAdmin()) {
            CreateContainerCmd cmd = fakeCreateCommand();
            node.getCreateContainerCmdModifiers().forEach(modifier -> modifier.modify(cmd));
            assertThat(cmd.getHostConfig().getCapAdd()).containsExactly(Capability.SYS_PTRACE, Capability.NET_ADMIN);
        }
    }

    @Test
    void shouldRunTheCopiedJarWithJavaOnAPlainJavaImage(@TempDir Path dir) throws IOException {
        Path jar = Files.write(dir.resolve("gcs-examples-1.0-all.jar"), new byte[] {'P', 'K'});
        try (GcsContainer node = GcsContainer.onJavaImage(DockerImageName.parse("eclipse-temurin:17-jre"), jar,
                "boston", "boston-1").withClusterKey("a-long-shared-test-key").withCheckTraffic(10, 50, 2)
                .withNetAdmin()) {
            node.configure();
            assertThat(node.onPlainJavaImage()).isTrue();
            assertThat(node.getCommandParts()).containsExactly("-Djava.net.preferIPv4Stack=true", "-jar",
                    "/opt/gcs/gcs.jar", "node", "--config", GcsContainer.CONFIG_PATH, "--status-every", "500ms",
                    "--send-rate", "10", "--send-count", "50", "--send-when-members", "2");
            assertThat(node.getCopyToFileContainerPathMap()).hasSize(1).containsValue(GcsContainer.JAR_PATH);
            assertThat(node.getCopyToFileContainerPathMap().keySet().iterator().next().getResolvedPath())
                    .isEqualTo(jar.toAbsolutePath().toString());
            assertThat(node.configText()).contains("site = boston\n", "member.name = boston-1\n");

            CreateContainerCmd cmd = fakeCreateCommand();
            node.getCreateContainerCmdModifiers().forEach(modifier -> modifier.modify(cmd));
            assertThat(cmd.getEntrypoint()).containsExactly("java");   // whatever the image's entry point
            assertThat(cmd.getHostConfig().getCapAdd()).containsExactly(Capability.NET_ADMIN);
        }
    }

    @Test
    void shouldKeepTheGcsImageCommandAndEntryPoint() {
        try (GcsContainer node = new GcsContainer("boston", "boston-1").withClusterKey("a-long-shared-test-key")) {
            node.configure();
            assertThat(node.onPlainJavaImage()).isFalse();
            assertThat(node.getCommandParts()).containsExactly("node", "--config", GcsContainer.CONFIG_PATH,
                    "--status-every", "500ms");
            assertThat(node.getCopyToFileContainerPathMap()).isEmpty();
            CreateContainerCmd cmd = fakeCreateCommand();
            node.getCreateContainerCmdModifiers().forEach(modifier -> modifier.modify(cmd));
            assertThat(cmd.getEntrypoint()).isNull();
            assertThat(cmd.getExposedPorts()).containsExactly(ExposedPort.udp(GcsContainer.WAN_PORT));
            assertThat(cmd.getHostConfig().getPortBindings().getBindings()).containsOnlyKeys(
                    ExposedPort.udp(GcsContainer.WAN_PORT));
        }
    }

    @Test
    void shouldRefuseAJarThatIsNotThere(@TempDir Path dir) {
        DockerImageName image = DockerImageName.parse("eclipse-temurin:17-jre");
        assertThatThrownBy(() -> GcsContainer.onJavaImage(image, dir.resolve("missing.jar"), "boston", "boston-1"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("missing.jar").hasMessageContaining("gcs-examples-VERSION-all.jar");
        assertThatThrownBy(() -> GcsContainer.onJavaImage(image, dir, "boston", "boston-1"))
                .hasMessageContaining("is not a file");
    }

    /** A create command that keeps only what the modifiers touch: host configuration, entry point, exposed ports. */
    private static CreateContainerCmd fakeCreateCommand() {
        HostConfig[] host = {new HostConfig()};
        String[][] entrypoint = {null};
        ExposedPort[][] exposed = {null};
        return (CreateContainerCmd) Proxy.newProxyInstance(GcsContainerTest.class.getClassLoader(),
                new Class<?>[] {CreateContainerCmd.class}, (proxy, method, args) -> switch (method.getName()) {
                    case "getHostConfig" -> host[0];
                    case "withHostConfig" -> {
                        host[0] = (HostConfig) args[0];
                        yield proxy;
                    }
                    case "getEntrypoint" -> entrypoint[0];
                    case "getExposedPorts" -> exposed[0];
                    case "withExposedPorts" -> {
                        exposed[0] = args[0] instanceof List<?> list ? list.toArray(ExposedPort[]::new)
                                : (ExposedPort[]) args[0];
                        yield proxy;
                    }
                    case "withEntrypoint" -> {
                        entrypoint[0] = args[0] instanceof List<?> list ? list.toArray(String[]::new)
                                : (String[]) args[0];
                        yield proxy;
                    }
                    default -> throw new UnsupportedOperationException(method.getName());
                });
    }

    @Test
    void shouldServeTheMetricsOnAPublishedPortAndSayWhenItWasNotAskedFor() {
        try (GcsContainer node = new GcsContainer("boston", "boston-1").withClusterKey("a-long-shared-test-key")
                .withMetrics().withMetrics()) {
            node.configure();
            assertThat(String.join(" ", node.getCommandParts())).endsWith(
                    "--status-every 500ms --metrics-port 9464 --metrics-bind 0.0.0.0");
            assertThat(node.getExposedPorts()).containsExactly(GcsContainer.METRICS_PORT);
            assertThat(node.memberId()).isEqualTo("boston/boston-1");
        }
        try (GcsContainer node = new GcsContainer("boston", "boston-1")) {
            assertThatThrownBy(node::metricsPort).hasMessageContaining("withMetrics()");
            assertThatThrownBy(node::wanAddressFromHost).hasMessageContaining("needs a started container");
            assertThat(node.withWanAddress("boston").wanAddress()).hasToString("boston:7700");
        }
    }

    @Test
    void shouldTakeTheImageFromThePropertyThenTheDefault() {
        String before = System.getProperty(GcsContainer.IMAGE_PROPERTY);
        try {
            System.setProperty(GcsContainer.IMAGE_PROPERTY, "registry.example/gcs-node:1.0");
            assertThat(GcsContainer.defaultImage()).isEqualTo("registry.example/gcs-node:1.0");
            System.clearProperty(GcsContainer.IMAGE_PROPERTY);
            if (System.getenv(GcsContainer.IMAGE_ENV) == null) {
                assertThat(GcsContainer.defaultImage()).isEqualTo(GcsContainer.DEFAULT_IMAGE);
            }
        } finally {
            if (before != null) {
                System.setProperty(GcsContainer.IMAGE_PROPERTY, before);
            }
        }
    }
}
