package org.gcs.testcontainers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.github.dockerjava.api.command.CreateContainerCmd;
import com.github.dockerjava.api.model.Capability;
import com.github.dockerjava.api.model.HostConfig;
import java.lang.reflect.Proxy;
import org.junit.jupiter.api.Test;

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

    /** A create command that only keeps its host configuration (what the modifiers under test touch). */
    private static CreateContainerCmd fakeCreateCommand() {
        HostConfig[] host = {new HostConfig()};
        return (CreateContainerCmd) Proxy.newProxyInstance(GcsContainerTest.class.getClassLoader(),
                new Class<?>[] {CreateContainerCmd.class}, (proxy, method, args) -> switch (method.getName()) {
                    case "getHostConfig" -> host[0];
                    case "withHostConfig" -> {
                        host[0] = (HostConfig) args[0];
                        yield proxy;
                    }
                    default -> throw new UnsupportedOperationException(method.getName());
                });
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
