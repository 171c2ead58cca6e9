package org.gcs.examples.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.gcs.GcsConfig;
import org.gcs.GcsConfigLoader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.yaml.snakeyaml.Yaml;

/**
 * The site manifest of docs/k8s (docs/kubernetes.md) holds together: its ConfigMap's properties, with the pod's
 * {@code --set} values and a real key file, load as a node's configuration; the StatefulSet runs {@code gcs node} on
 * the mounted file; the ports it declares and the headless service's are the ones the settings name; and the DNS
 * name of the LAN discovery is the headless service's. No Kubernetes runs here: this checks the file, not a cluster.
 */
class KubernetesManifestsTest {
    private static final Path MANIFEST = Path.of("..", "docs", "k8s", "gcs-site-boston.yaml");

    @TempDir
    Path dir;

    @Test
    @SuppressWarnings("unchecked")
    void shouldDescribeASiteThatItsOwnSettingsLoadAs() throws Exception {
        Map<String, Map<String, Object>> byKind = new HashMap<>();
        for (Object document : new Yaml().loadAll(Files.readString(MANIFEST))) {
            Map<String, Object> object = (Map<String, Object>) document;
            byKind.put((String) object.get("kind"), object);
        }
        assertThat(byKind).containsOnlyKeys("ConfigMap", "Service", "StatefulSet");
        Map<String, Object> configMap = byKind.get("ConfigMap");
        Map<String, Object> service = byKind.get("Service");
        Map<String, Object> statefulSet = byKind.get("StatefulSet");
        String propertiesText = (String) ((Map<String, Object>) configMap.get("data")).get("node.properties");
        Map<String, Object> podSpec = (Map<String, Object>) ((Map<String, Object>) ((Map<String, Object>)
                statefulSet.get("spec")).get("template")).get("spec");
        Map<String, Object> container = ((List<Map<String, Object>>) podSpec.get("containers")).get(0);
        List<String> args = (List<String>) container.get("args");

        Properties properties = new Properties();
        properties.load(new StringReader(propertiesText));
        assertThat(args.subList(0, 3)).containsExactly("node", "--config", "/etc/gcs/node.properties");
        List<String> sets = new ArrayList<>();
        for (int i = 0; i < args.size() - 1; i++) {
            if (args.get(i).equals("--set")) {
                sets.add(args.get(i + 1).replace("$(POD_NAME)", "gcs-boston-0").replace("$(POD_IP)", "10.244.1.5")
                        .replace("$(HOST_IP)", "192.0.2.10"));
            }
        }
        assertThat(sets).hasSize(3);
        properties.putAll(GcsConfigLoader.assignments(sets, "--set"));
        Path keyFile = dir.resolve("cluster.key");
        byte[] key = new byte[32];
        new java.security.SecureRandom().nextBytes(key); // as `openssl rand -hex 32` of docs/kubernetes.md
        Files.writeString(keyFile, "key.1 = " + java.util.HexFormat.of().formatHex(key) + "\nsend.key = 1\n");
        assertThat(properties.getProperty("cluster.key.file")).startsWith("/etc/gcs/key/");
        properties.setProperty("cluster.key.file", keyFile.toString());
        GcsConfig config = GcsConfigLoader.fromProperties(properties, MANIFEST.toString()).build();

        assertThat(config.site()).isEqualTo("boston");
        assertThat(config.memberName()).isEqualTo("gcs-boston-0");
        assertThat(config.wanAdvertiseHost()).isEqualTo("192.0.2.10");
        Map<String, Map<String, Object>> ports = new HashMap<>();
        for (Map<String, Object> port : (List<Map<String, Object>>) container.get("ports")) {
            ports.put((String) port.get("name"), port);
        }
        assertThat(ports.get("wan")).containsEntry("containerPort", config.wanBindPort())
                .containsEntry("hostPort", config.wanAdvertisePort()).containsEntry("protocol", "UDP");
        assertThat(ports.get("lan")).containsEntry("containerPort", config.lan().tcpPort());
        Map<String, Object> serviceSpec = (Map<String, Object>) service.get("spec");
        assertThat(serviceSpec).containsEntry("clusterIP", "None").containsEntry("publishNotReadyAddresses", true);
        assertThat(((List<Map<String, Object>>) serviceSpec.get("ports")).get(0))
                .containsEntry("port", config.lan().tcpPort());
        String serviceName = (String) ((Map<String, Object>) service.get("metadata")).get("name");
        assertThat(config.lan().dnsQuery()).hasValueSatisfying(name -> assertThat(name).startsWith(serviceName + "."));
        assertThat(((Map<String, Object>) statefulSet.get("spec")).get("serviceName")).isEqualTo(serviceName);
        assertThat(container.get("image")).asString().contains("gcs/node");
    }
}
