package org.gcs.testcontainers;

import com.github.dockerjava.api.model.Capability;
import com.github.dockerjava.api.model.ContainerNetwork;
import com.github.dockerjava.api.model.ExposedPort;
import com.github.dockerjava.api.model.HostConfig;
import com.github.dockerjava.api.model.Ports;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.containers.wait.strategy.Wait;
import org.testcontainers.images.builder.Transferable;
import org.testcontainers.utility.DockerImageName;
import org.testcontainers.utility.MountableFile;

/**
 * One GCS node ({@code gcs node}) in a Docker container, for multi-site tests: give it a site, a member name, the
 * groups to join, the WAN addresses of other sites' delegates (seeds) and the cluster key; put the members of one
 * site on one Docker network (their LAN) and the delegates on a shared one (the WAN). The node's configuration is
 * written into the container as {@value #CONFIG_PATH}; any setting of {@code GcsConfigLoader} can be added with
 * {@link #withSetting}.
 *
 * <p>The image is {@value #DEFAULT_IMAGE} unless the system property {@value #IMAGE_PROPERTY} or the environment
 * variable {@value #IMAGE_ENV} names another; {@code docker/build-images.sh} in the GCS repository builds it
 * without a registry. The container is started when the node logs that it started; its status lines (every
 * 500 ms) and view lines are in the container's log. Read them typed: {@link #status()} (views' sizes, messages
 * sent and delivered, what arrived of each sender's check messages), {@link #view(String)} (a group's members as
 * the node sees them); {@link #wanAddress()} and {@link #wanAddressFromHost()} give the node's WAN address inside
 * the Docker network and through the published UDP port, {@link #metricsUrl()} its Prometheus endpoint
 * ({@link #withMetrics()}).
 *
 * <p>Where the JVM runs in a container and reaches Docker over a local socket, Testcontainers needs
 * {@code TESTCONTAINERS_HOST_OVERRIDE} (and, without a registry, {@code TESTCONTAINERS_RYUK_DISABLED=true}); the
 * first start checks this and fails at once, naming the setting, instead of letting Testcontainers try to pull an
 * image for minutes (GCS's docs/testing.md; {@code -Dgcs.testcontainers.skipHostCheck=true} skips the check).
 *
 * <p>{@link #onJavaImage(DockerImageName, Path, String, String)} runs the node in any image with Java 17 or newer
 * instead (e.g. {@code eclipse-temurin:17-jre}): the GCS command's jar ({@code gcs-examples-VERSION-all.jar}) is
 * copied into the container. Such an image usually lacks {@code tc} and {@code iptables}; see
 * {@link #withNetAdmin()}.
 */
public class GcsContainer extends GenericContainer<GcsContainer> {
    /** The image built by {@code docker/build-images.sh}. */
    public static final String DEFAULT_IMAGE = "gcs/node:dev";
    /** System property naming another image. */
    public static final String IMAGE_PROPERTY = "gcs.node.image";
    /** Environment variable naming another image (the property wins). */
    public static final String IMAGE_ENV = "GCS_NODE_IMAGE";
    /** The node's UDP port for WAN datagrams inside the container. */
    public static final int WAN_PORT = 7700;
    /** The port of the node's Prometheus endpoint inside the container ({@link #withMetrics()}). */
    public static final int METRICS_PORT = 9464;
    /** Where the configuration goes inside the container. */
    public static final String CONFIG_PATH = "/etc/gcs/node.properties";
    /** Where {@link #onJavaImage} copies the GCS command's jar (where the GCS image has it too). */
    public static final String JAR_PATH = "/opt/gcs/gcs.jar";
    /** The JVM and its options that start the node, as in the GCS image's entry point. */
    static final List<String> JAVA_LAUNCHER = List.of("java", "-Djava.net.preferIPv4Stack=true", "-jar", JAR_PATH);

    private static final Duration STARTUP_TIMEOUT = Duration.ofSeconds(90);

    private final String site;
    private final String memberName;
    private final Map<String, String> settings = new LinkedHashMap<>();
    private final List<String> nodeOptions = new ArrayList<>();
    /** Whether the image is a plain Java image, the node started by {@link #JAVA_LAUNCHER} from a copied jar. */
    private boolean plainJavaImage;
    /** Whether the node serves its metrics on {@link #METRICS_PORT}, published. */
    private boolean metrics;

    /**
     * @param site the site (LAN) this node belongs to
     * @param memberName the member's name, unique within the site
     */
    public GcsContainer(String site, String memberName) {
        this(DockerImageName.parse(defaultImage()), site, memberName);
    }

    /**
     * @param image a GCS node image
     * @param site the site (LAN) this node belongs to
     * @param memberName the member's name, unique within the site
     */
    public GcsContainer(DockerImageName image, String site, String memberName) {
        super(image);
        this.site = requireText(site, "site");
        this.memberName = requireText(memberName, "memberName");
        settings.put("site", site);
        settings.put("member.name", memberName);
        settings.put("wan.bind", "0.0.0.0:" + WAN_PORT);
        withCreateContainerCmdModifier(GcsContainer::publishWanPort);
    }

    /**
     * A node in an image that has Java 17 or newer but no GCS, e.g. the public {@code eclipse-temurin:17-jre}:
     * the GCS command's jar is copied into the container as {@value #JAR_PATH} and started as the GCS image
     * starts it ({@code java -Djava.net.preferIPv4Stack=true -jar /opt/gcs/gcs.jar node ...}, the JVM as the
     * container's first process), whatever the image's own entry point. Everything else is as with the GCS image,
     * except what needs tools a JRE image does not have: {@code tc} and {@code iptables} (see
     * {@link #withNetAdmin()}).
     *
     * @param javaImage an image with {@code java} (17 or newer) on its {@code PATH}
     * @param gcsJar the GCS command's jar on this machine: {@code gcs-examples-VERSION-all.jar} (Maven
     *     coordinates {@code org.gcs:gcs-examples:VERSION:jar:all}; in the GCS repository
     *     {@code gcs-examples/target/} after {@code ./mvnw package})
     * @param site the site (LAN) this node belongs to
     * @param memberName the member's name, unique within the site
     * @return the container, not started
     * @throws IllegalArgumentException if {@code gcsJar} is not a file
     */
    public static GcsContainer onJavaImage(DockerImageName javaImage, Path gcsJar, String site, String memberName) {
        Objects.requireNonNull(javaImage, "javaImage");
        Objects.requireNonNull(gcsJar, "gcsJar");
        if (!Files.isRegularFile(gcsJar)) {
            throw new IllegalArgumentException("gcsJar " + gcsJar.toAbsolutePath() + " is not a file: give the "
                    + "GCS command's jar, gcs-examples-VERSION-all.jar (org.gcs:gcs-examples:VERSION:jar:all)");
        }
        GcsContainer node = new GcsContainer(javaImage, site, memberName);
        node.plainJavaImage = true;
        return node.withCopyFileToContainer(MountableFile.forHostPath(gcsJar.toAbsolutePath()), JAR_PATH)
                .withCreateContainerCmdModifier(cmd -> cmd.withEntrypoint(JAVA_LAUNCHER.get(0)));
    }

    /** @return the image named by {@value #IMAGE_PROPERTY}, {@value #IMAGE_ENV}, or {@value #DEFAULT_IMAGE} */
    public static String defaultImage() {
        String property = System.getProperty(IMAGE_PROPERTY);
        if (property != null && !property.isBlank()) {
            return property.trim();
        }
        String env = System.getenv(IMAGE_ENV);
        return env != null && !env.isBlank() ? env.trim() : DEFAULT_IMAGE;
    }

    /** @param groups the groups the node joins; the first receives generated messages */
    public GcsContainer withGroups(String... groups) {
        if (groups.length == 0) {
            throw new IllegalArgumentException("withGroups needs at least one group name");
        }
        return withSetting("groups", String.join(",", groups));
    }

    /** @param hostPorts WAN addresses ({@code host:port}) of other sites' delegates */
    public GcsContainer withSeeds(String... hostPorts) {
        return withSetting("seeds", String.join(",", hostPorts));
    }

    /** @param key the cluster key every node of the test shares (at least 16 characters) */
    public GcsContainer withClusterKey(String key) {
        return withSetting("cluster.key", key);
    }

    /**
     * @param host the address other delegates reach this node at on the WAN network (its IP there), port
     *     {@value #WAN_PORT}
     */
    public GcsContainer withWanAddress(String host) {
        return withSetting("wan.advertise", requireText(host, "host") + ":" + WAN_PORT);
    }

    /** @param address the node's address on its site's network, for the LAN cluster (JGroups) */
    public GcsContainer withLanAddress(String address) {
        return withSetting("lan.bind.address", requireText(address, "address"));
    }

    /**
     * @param key a {@code GcsConfigLoader} key, e.g. {@code site.timeout}
     * @param value its value, e.g. {@code 3s}
     */
    public GcsContainer withSetting(String key, String value) {
        settings.put(requireText(key, "key"), requireText(value, "value"));
        return self();
    }

    /**
     * Generated check messages ({@code gcs node --send-rate}): every member that receives them can tell
     * duplicates and gaps per sender; see the status line's {@code dup}, {@code ooo}, {@code from} and {@code gaps}
     * fields.
     *
     * @param perSecond messages per second
     * @param count how many in all
     * @param whenMembers start once the first group's view has this many members (0: at once)
     */
    public GcsContainer withCheckTraffic(int perSecond, int count, int whenMembers) {
        if (perSecond <= 0 || count <= 0 || whenMembers < 0) {
            throw new IllegalArgumentException("withCheckTraffic needs perSecond > 0, count > 0, whenMembers >= 0");
        }
        nodeOptions.addAll(List.of("--send-rate", Integer.toString(perSecond), "--send-count",
                Integer.toString(count), "--send-when-members", Integer.toString(whenMembers)));
        return self();
    }

    /**
     * Like {@link #withCheckTraffic(int, int, int)}, with payloads of a given size ({@code gcs node --size}), so
     * that the offered load in bytes per second is {@code perSecond × messageBytes}.
     *
     * @param perSecond messages per second
     * @param count how many in all
     * @param whenMembers start once the first group's view has this many members (0: at once)
     * @param messageBytes payload bytes of each message, check header included (the node refuses a size too small
     *     for the header or above {@code max.message.bytes})
     */
    public GcsContainer withCheckTraffic(int perSecond, int count, int whenMembers, int messageBytes) {
        if (messageBytes <= 0) {
            throw new IllegalArgumentException("withCheckTraffic needs messageBytes > 0, got " + messageBytes);
        }
        withCheckTraffic(perSecond, count, whenMembers);
        nodeOptions.addAll(List.of("--size", Integer.toString(messageBytes)));
        return self();
    }

    /**
     * Serves the node's meters for Prometheus ({@code gcs node --metrics-port 9464 --metrics-bind 0.0.0.0}) on a
     * published port: {@link #metricsUrl()} after start.
     */
    public GcsContainer withMetrics() {
        if (!metrics) {
            metrics = true;
            nodeOptions.addAll(List.of("--metrics-port", Integer.toString(METRICS_PORT), "--metrics-bind", "0.0.0.0"));
            addExposedPort(METRICS_PORT);
        }
        return self();
    }

    /**
     * Gives the container the {@code NET_ADMIN} capability, so that a test can shape its interfaces with
     * {@code tc} or filter with {@code iptables} through {@link #execInContainer(String...)} (the GCS image has
     * both; a plain Java image of {@link #onJavaImage} usually has neither, and installing them needs the image's
     * package manager and a package mirror). Other capabilities added by create-command modifiers are kept.
     */
    public GcsContainer withNetAdmin() {
        return withCreateContainerCmdModifier(cmd -> {
            HostConfig host = cmd.getHostConfig() == null ? new HostConfig() : cmd.getHostConfig();
            List<Capability> caps = new ArrayList<>(host.getCapAdd() == null ? List.of()
                    : List.of(host.getCapAdd()));
            if (!caps.contains(Capability.NET_ADMIN)) {
                caps.add(Capability.NET_ADMIN);
            }
            cmd.withHostConfig(host.withCapAdd(caps.toArray(Capability[]::new)));
        });
    }

    /** @return the site */
    public String site() {
        return site;
    }

    /** @return the member name */
    public String memberName() {
        return memberName;
    }

    /** @return the node's member id, {@code SITE/MEMBER}, as status and view lines name it */
    public String memberId() {
        return site + "/" + memberName;
    }

    /** @return whether the node runs in a plain Java image from a copied jar ({@link #onJavaImage}) */
    public boolean onPlainJavaImage() {
        return plainJavaImage;
    }

    /** @return the configuration file's text as written into the container */
    public String configText() {
        StringBuilder text = new StringBuilder("# written by GcsContainer\n");
        settings.forEach((k, v) -> text.append(k).append(" = ").append(v).append('\n'));
        return text.toString();
    }

    /**
     * Starts the container; first checks, once per JVM, that Testcontainers will not spend minutes pulling an image
     * it cannot pull (see the class comment). Testcontainers asks Docker in {@code start()} before anything else, so
     * the check runs here.
     *
     * @throws IllegalStateException naming {@code TESTCONTAINERS_HOST_OVERRIDE} or {@code TESTCONTAINERS_RYUK_DISABLED}
     *     where Testcontainers would otherwise try for minutes to pull {@code alpine:3.17} or Ryuk's image
     */
    @Override
    public void start() {
        if (getContainerId() == null) {
            DockerHostCheck.once();
        }
        super.start();
    }

    @Override
    protected void configure() {
        if (!settings.containsKey("cluster.key")) {
            throw new IllegalStateException("GcsContainer " + site + "/" + memberName
                    + ": call withClusterKey(...) (every node of a test shares one key)");
        }
        withCopyToContainer(Transferable.of(configText()), CONFIG_PATH);
        List<String> command = new ArrayList<>();
        if (plainJavaImage) {
            command.addAll(JAVA_LAUNCHER.subList(1, JAVA_LAUNCHER.size()));   // the entry point is "java"
        }
        command.addAll(List.of("node", "--config", CONFIG_PATH, "--status-every", "500ms"));
        command.addAll(nodeOptions);
        withCommand(command.toArray(String[]::new));
        waitingFor(Wait.forLogMessage(".*node " + site + "/" + memberName + " started.*\\n", 1)
                .withStartupTimeout(STARTUP_TIMEOUT));
    }

    /**
     * The newest status line as printed; {@link #status()} parses it.
     *
     * @return the newest status line of the node's log ({@code status} or {@code final}), if any
     */
    public Optional<String> lastStatusLine() {
        return NodeOutput.lastStatusLine(getLogs());
    }

    /**
     * The node's newest status line, parsed: view sizes, messages sent and delivered, what arrived of each
     * sender's check messages. A new one comes every 500 ms; poll it (e.g. with Awaitility) to wait for a state.
     *
     * @return the newest status, empty before the first (about 500 ms after start)
     */
    public Optional<GcsStatus> status() {
        return lastStatusLine().flatMap(NodeOutput::status);
    }

    /**
     * @param group a group the node joined
     * @return the newest view of the group the node installed (its members as this node sees them; in a
     *     total-order group the agreed view), empty before the first
     */
    public Optional<GcsView> view(String group) {
        return NodeOutput.lastView(getLogs(), requireText(group, "group"));
    }

    /**
     * The node's WAN address as other containers on its Docker networks reach it: the host of
     * {@link #withWanAddress} (a network alias or IP), else the container's IP address on its first network; port
     * {@value #WAN_PORT}. Give it to other nodes as a seed.
     *
     * @return the address; needs a started container unless {@link #withWanAddress} was called
     */
    public HostAndPort wanAddress() {
        String advertised = settings.get("wan.advertise");
        if (advertised != null) {
            return new HostAndPort(advertised.substring(0, advertised.lastIndexOf(':')), WAN_PORT);
        }
        requireStarted("wanAddress()");
        Map<String, ContainerNetwork> networks = getContainerInfo().getNetworkSettings().getNetworks();
        return new HostAndPort(networks.values().iterator().next().getIpAddress(), WAN_PORT);
    }

    /**
     * The node's WAN socket as this JVM reaches it: Docker publishes the UDP port {@value #WAN_PORT} of every
     * {@code GcsContainer} on a free port of the Docker host ({@link #getHost()}).
     *
     * @return the host and the published UDP port
     * @throws IllegalStateException if the container is not started
     */
    public HostAndPort wanAddressFromHost() {
        requireStarted("wanAddressFromHost()");
        Ports.Binding[] bindings = getContainerInfo().getNetworkSettings().getPorts().getBindings()
                .get(ExposedPort.udp(WAN_PORT));
        if (bindings == null || bindings.length == 0) {
            throw new IllegalStateException(memberId() + ": UDP port " + WAN_PORT + " is not published");
        }
        return new HostAndPort(getHost(), Integer.parseInt(bindings[0].getHostPortSpec()));
    }

    /**
     * @return the port this JVM reaches the node's Prometheus endpoint at (published {@value #METRICS_PORT})
     * @throws IllegalStateException without {@link #withMetrics()}, or if the container is not started
     */
    public int metricsPort() {
        if (!metrics) {
            throw new IllegalStateException(memberId() + ": call withMetrics() before start to serve the metrics");
        }
        requireStarted("metricsPort()");
        return getMappedPort(METRICS_PORT);
    }

    /**
     * @return {@code http://HOST:PORT/metrics}, the node's Prometheus scrape endpoint as this JVM reaches it
     * @throws IllegalStateException without {@link #withMetrics()}, or if the container is not started
     */
    public String metricsUrl() {
        return "http://" + getHost() + ":" + metricsPort() + "/metrics";
    }

    private void requireStarted(String what) {
        if (getContainerId() == null) {
            throw new IllegalStateException(memberId() + ": " + what + " needs a started container");
        }
    }

    /** Publishes the WAN port (UDP) on a free port of the Docker host, keeping what other modifiers set. */
    private static void publishWanPort(com.github.dockerjava.api.command.CreateContainerCmd cmd) {
        ExposedPort wan = ExposedPort.udp(WAN_PORT);
        List<ExposedPort> exposed = new ArrayList<>(cmd.getExposedPorts() == null ? List.of()
                : List.of(cmd.getExposedPorts()));
        if (!exposed.contains(wan)) {
            exposed.add(wan);
        }
        cmd.withExposedPorts(exposed);
        HostConfig host = cmd.getHostConfig() == null ? new HostConfig() : cmd.getHostConfig();
        Ports ports = host.getPortBindings() == null ? new Ports() : host.getPortBindings();
        if (!ports.getBindings().containsKey(wan)) {
            ports.bind(wan, Ports.Binding.empty());
        }
        cmd.withHostConfig(host.withPortBindings(ports));
    }

    private static String requireText(String value, String what) {
        if (Objects.requireNonNull(value, what).isBlank()) {
            throw new IllegalArgumentException(what + " must not be blank");
        }
        return value.trim();
    }
}
