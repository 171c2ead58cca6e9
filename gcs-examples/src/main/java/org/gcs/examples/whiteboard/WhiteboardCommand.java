package org.gcs.examples.whiteboard;

import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.LocalTime;
import java.time.format.DateTimeFormatter;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import org.gcs.GcsConfig;
import org.gcs.GcsConfigBuilder;
import org.gcs.GcsConfigException;
import org.gcs.GcsConfigLoader;
import org.gcs.GcsException;
import org.gcs.SettingNames;
import org.gcs.GcsNode;
import org.gcs.GroupView;
import org.gcs.LanConfig;
import org.gcs.Names;
import org.gcs.emulator.LinkEmulationKeys;
import org.gcs.tools.cli.DurationOptions;
import org.gcs.examples.cli.RunUntilStopped;
import org.gcs.tools.cli.VersionProvider;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code gcs whiteboard}: starts a GCS node of one site that joins the whiteboard's group and serves a drawing page
 * on 127.0.0.1; run one per site (two terminals on one machine are enough) and draw in any page. Runs until
 * SIGTERM/SIGINT or {@code --duration}.
 */
@Command(name = "whiteboard", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        sortOptions = false,
        header = "A shared whiteboard: one node per site, a drawing page on 127.0.0.1.",
        description = {
            "Starts a GCS node of site --site (WAN on 127.0.0.1:--wan-port, LAN on loopback), joins --group and"
                    + " serves a page on http://127.0.0.1:--port/ to draw on with the mouse, a pen or a finger."
                    + " Every stroke is sent to the group; the page shows the strokes of every site and the group's"
                    + " members; 'Clear' wipes the board of every site. When new members join, the first member"
                    + " that was there already sends its board to the group again, so late joiners see the strokes"
                    + " drawn before them (best effort: up to 10000 strokes are kept).",
            "Endpoints: GET /api/strokes?since=N (JSON, the strokes after N), POST /api/strokes"
                    + " {\"colour\":\"#rrggbb\",\"width\":4,\"points\":[[x,y],...]} (400 for a bad stroke),"
                    + " GET /api/view, POST /api/clear.",
            "Without --key or --key-file every site uses the sample key published with GCS, which protects"
                    + " nothing (a warning says so): fine for trying the sample on one machine only.",
            "Exit code 2 for bad options or configuration, 1 if the node or the web server cannot start."},
        footer = {"", "Two sites on this machine, one terminal each, then open the two printed URLs:",
            "  ./gcs whiteboard --site boston",
            "  ./gcs whiteboard --site ottawa --seed 127.0.0.1:PORT",
            "with the WAN port boston printed ('other sites: --seed 127.0.0.1:PORT'); boston learns ottawa from its",
            "announcements. A third site seeds either: ./gcs whiteboard --site chicago --seed 127.0.0.1:PORT",
            "Or from the properties files of gcs node (their 'groups' line is not used):",
            "  ./gcs whiteboard --config gcs-examples/src/main/resources/examples/node-boston.properties"})
public final class WhiteboardCommand implements Callable<Integer> {
    /** The published sample key used without --key and --key-file (refused by nodes that are not test nodes). */
    static final String SAMPLE_KEY = "gcs-example-cluster-key-change-me";
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm:ss");

    @Spec
    CommandSpec spec;

    @Option(names = "--site", paramLabel = "NAME", description = "This node's site (required without --config).")
    String site;

    @Option(names = "--member", paramLabel = "NAME",
            description = "This member's name within its site (default: SITE-xxxx, xxxx random).")
    String member;

    @Option(names = "--port", paramLabel = "N", defaultValue = "0",
            description = "The page's HTTP port on 127.0.0.1 (default: 0, a free port; the URL is printed).")
    int httpPort;

    @Option(names = "--wan-port", paramLabel = "N", defaultValue = "0",
            description = "The WAN port on 127.0.0.1 that other sites seed (default: 0, a free port; printed).")
    int wanPort;

    @Option(names = "--seed", paramLabel = "HOST:PORT",
            description = "Another site's WAN address; repeat for several sites.")
    List<String> seeds = List.of();

    @Option(names = "--key", paramLabel = "SECRET",
            description = "The cluster key as text, the same at every site (at least 16 bytes), e.g. the output of"
                    + " `openssl rand -hex 32`.")
    String key;

    @Option(names = "--key-file", paramLabel = "FILE",
            description = "The cluster key ring file instead (key.1 = HEX and send.key = 1 lines, docs/security.md).")
    Path keyFile;

    @Option(names = "--group", paramLabel = "NAME", defaultValue = "whiteboard",
            description = "The group the sites draw in (default: ${DEFAULT-VALUE}).")
    String group;

    @Option(names = "--config", paramLabel = "FILE",
            description = "Start the node from a properties file of gcs node instead of --site, --member, --wan-port,"
                    + " --seed, --key and --key-file.")
    Path config;

    @Mixin
    DurationOptions duration = new DurationOptions();

    /** Completed with the running whiteboard once it serves its page (tests use it). */
    final CompletableFuture<Whiteboard> started = new CompletableFuture<>();
    private final CountDownLatch stop = new CountDownLatch(1);

    /**
     * Runs the whiteboard.
     *
     * @return 0 after a clean stop, 1 if it could not start, 2 for a bad configuration
     */
    @Override
    public Integer call() throws InterruptedException {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        try {
            checkOptions();
        } catch (ParameterException e) {
            started.completeExceptionally(e);
            throw e;
        }
        GcsConfig gcsConfig;
        try {
            gcsConfig = gcsConfig(err);
        } catch (GcsConfigException e) {
            print(err, "gcs whiteboard: " + SettingNames.forUser(e.getMessage(), userNames()));
            started.completeExceptionally(e);
            return 2;
        }
        Whiteboard whiteboard;
        try {
            GcsNode node = GcsNode.start(gcsConfig);
            node.onView(view -> {
                if (view.group().equals(group)) {
                    print(out, viewLine(view));
                }
            });
            whiteboard = Whiteboard.start(node, group, new InetSocketAddress("127.0.0.1", httpPort));
        } catch (GcsException | UncheckedIOException e) {
            print(err, "gcs whiteboard: cannot start: " + SettingNames.forUser(e.getMessage(), userNames()));
            started.completeExceptionally(e);
            return 1;
        }
        run(whiteboard, out);
        return 0;
    }

    private void run(Whiteboard whiteboard, PrintWriter out) throws InterruptedException {
        GcsNode node = whiteboard.node();
        String wan = address(node.wanAddress());
        print(out, "whiteboard " + node.self() + " in group '" + group + "'; WAN " + wan
                + (seeds.isEmpty() ? "" : " seeds " + seeds) + "; other sites: --seed " + wan);
        print(out, "open " + whiteboard.url());
        started.complete(whiteboard);

        RunUntilStopped.await(stop, duration.duration(), () -> {
            whiteboard.close();
            print(out, "whiteboard " + node.self() + " closed");
        }, "gcs-whiteboard-shutdown");
    }

    /** Stops the whiteboard as SIGTERM would: {@link #call()} then closes it and returns (tests use this). */
    void stop() {
        stop.countDown();
    }

    /**
     * @return the options that stand for the builder's settings without {@code --config}, for the messages; none
     *     with it (the file's keys are the names then)
     */
    private java.util.Map<String, String> userNames() {
        return config != null ? java.util.Map.of() : java.util.Map.of("memberName", "--member",
                "wanBind", "--wan-port", "clusterKey", "--key", "clusterKeyFile", "--key-file");
    }

    /** @param err where the warning about the sample key goes */
    private GcsConfig gcsConfig(PrintWriter err) {
        if (config != null) {
            return LinkEmulationKeys.load(GcsConfigLoader.readFile(config), config.toString()).build();
        }
        GcsConfigBuilder builder = GcsConfig.builder()
                .site(site)
                .memberName(member != null ? member : site + "-" + HexFormat.of().toHexDigits((short)
                        new SecureRandom().nextInt()))
                .wanBind("127.0.0.1", wanPort)
                .seeds(seeds)
                .lan(LanConfig.builder().bindAddress("127.0.0.1").build());
        if (key != null) {
            builder.clusterKey(key);
        } else if (keyFile != null) {
            builder.clusterKeyFile(keyFile);
        } else {
            print(err, "gcs whiteboard: WARNING no --key or --key-file: using the sample key published with GCS,"
                    + " which protects nothing; use it on one machine only (see --help)");
            builder.clusterKey(SAMPLE_KEY).testNode(true);
        }
        return builder.build();
    }

    private void checkOptions() {
        if (config != null) {
            if (site != null || member != null || wanPort != 0 || !seeds.isEmpty() || key != null
                    || keyFile != null) {
                throw new ParameterException(spec.commandLine(), "--config replaces --site, --member, --wan-port,"
                        + " --seed, --key and --key-file: set them in the file");
            }
        } else if (site == null) {
            throw new ParameterException(spec.commandLine(), "Missing required option: '--site=NAME' (or --config"
                    + " FILE)");
        }
        if (key != null && keyFile != null) {
            throw new ParameterException(spec.commandLine(), "--key and --key-file exclude each other: give one");
        }
        if (!Names.isValid(group)) {
            throw new ParameterException(spec.commandLine(), "--group '" + group + "' is not valid: use 1 to "
                    + Names.MAX_LENGTH + " characters from A-Z a-z 0-9 . _ -");
        }
        checkPort("--port", httpPort);
        checkPort("--wan-port", wanPort);
        duration.duration();
    }

    private void checkPort(String option, int port) {
        if (port < 0 || port > 65_535) {
            throw new ParameterException(spec.commandLine(), option + " must be 0 to 65535, got " + port);
        }
    }

    private static String viewLine(GroupView view) {
        return LocalTime.now().format(TIME) + " view " + view.group() + " #" + view.viewId() + ": " + view.size()
                + " member(s) in " + view.sites().size() + " site(s) " + view.members();
    }

    private static String address(InetSocketAddress address) {
        return address.getAddress().getHostAddress() + ":" + address.getPort();
    }

    private static void print(PrintWriter out, String line) {
        out.println(line);
        out.flush();
    }
}
