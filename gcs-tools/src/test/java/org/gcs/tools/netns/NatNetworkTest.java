package org.gcs.tools.netns;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.gcs.tools.netns.NatNetwork.Nat;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The NAT network, as root with {@code iptables} only (skipped otherwise, with the reason), on sites
 * {@code [NONE, PORT_PRESERVING, SYMMETRIC, PORT_PRESERVING]}: one UDP agent (a Python script) per site, driven
 * line by line over its standard input, sends and receives datagrams and says what came from where. A datagram
 * that must not get in is waited for {@value #NOT_DELIVERED_MS} ms; every such check follows one that shows the
 * same path delivering when it should, so a network that drops everything fails too.
 */
class NatNetworkTest {
    private static final List<Nat> SITES = List.of(Nat.NONE, Nat.PORT_PRESERVING, Nat.SYMMETRIC,
            Nat.PORT_PRESERVING);
    private static final int OPEN = 0;
    private static final int PRESERVING = 1;
    private static final int SYMMETRIC = 2;
    private static final int PRESERVING2 = 3;
    private static final int DELIVERED_MS = 5_000;
    private static final int NOT_DELIVERED_MS = 1_000;
    private static final String EOF = "<end of output>";

    /**
     * The agent: {@code bind PORT} -> {@code bound PORT}; {@code send PORT HOST HOST_PORT TEXT} -> {@code sent PORT};
     * {@code recv PORT TIMEOUT_MS [reply]} -> {@code got PORT FROM_HOST FROM_PORT TEXT} (after answering
     * {@code reply-TEXT} to the sender if asked) or {@code none PORT}; {@code punch PORT HOST HOST_PORT TRIES
     * INTERVAL_MS} sends to the peer every interval, says {@code trying PORT} after the first datagram, and ends
     * with {@code punched PORT} once a datagram from exactly the peer came in (it then sends one more, for the peer
     * that may still be waiting) or {@code none PORT}. It ends when its input closes, or after 30 s.
     */
    private static final String AGENT = String.join("\n",
            "import signal, socket, sys",
            "signal.alarm(30)",
            "address = sys.argv[1]",
            "sockets = {}",
            "def say(*words):",
            "    print(*words, flush=True)",
            "for line in sys.stdin:",
            "    w = line.split()",
            "    try:",
            "        if w[0] == 'bind':",
            "            s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)",
            "            s.bind((address, int(w[1])))",
            "            sockets[w[1]] = s",
            "            say('bound', w[1])",
            "        elif w[0] == 'send':",
            "            sockets[w[1]].sendto(w[4].encode(), (w[2], int(w[3])))",
            "            say('sent', w[1])",
            "        elif w[0] == 'recv':",
            "            s = sockets[w[1]]",
            "            s.settimeout(int(w[2]) / 1000)",
            "            try:",
            "                data, sender = s.recvfrom(2048)",
            "            except socket.timeout:",
            "                say('none', w[1])",
            "                continue",
            "            if len(w) > 3:",
            "                s.sendto(b'reply-' + data, sender)",
            "            say('got', w[1], sender[0], sender[1], data.decode())",
            "        elif w[0] == 'punch':",
            "            s = sockets[w[1]]",
            "            peer = (w[2], int(w[3]))",
            "            s.settimeout(int(w[5]) / 1000)",
            "            heard = False",
            "            for i in range(int(w[4])):",
            "                s.sendto(b'punch', peer)",
            "                if i == 0:",
            "                    say('trying', w[1])",
            "                try:",
            "                    data, sender = s.recvfrom(2048)",
            "                except socket.timeout:",
            "                    continue",
            "                if sender == peer:",
            "                    s.sendto(b'punch', peer)",
            "                    heard = True",
            "                    break",
            "            say('punched' if heard else 'none', w[1])",
            "        else:",
            "            say('error unknown command', w[0])",
            "    except Exception as e:",
            "        say('error', repr(e).replace('\\n', ' '))");

    @BeforeEach
    void needsRootAndIptables() {
        assumeTrue(HostCommands.missingForNamespaces("this test").isEmpty(),
                HostCommands.missingForNamespaces("this test").orElse(""));
        assumeTrue(HostCommands.locate("iptables") != null, "this test needs the 'iptables' command");
    }

    @Test
    void aPortPreservingSiteAppearsAtItsPublicAddressAndBoundPortAndGetsTheReply() throws Exception {
        try (NatNetwork net = NatNetwork.create(SITES, s -> { });
             Agent open = new Agent(net, OPEN);
             Agent nat = new Agent(net, PRESERVING)) {
            assertThat(net.sites()).isEqualTo(4);
            assertThat(net.nat(PRESERVING)).isEqualTo(Nat.PORT_PRESERVING);
            assertThat(net.siteAddress(OPEN)).isEqualTo("10.79.1.2").isEqualTo(net.publicAddress(OPEN));
            assertThat(net.siteAddress(PRESERVING)).isEqualTo("192.168.2.2");
            assertThat(net.publicAddress(PRESERVING)).isEqualTo("10.79.2.2");
            open.bind(42_001);
            nat.bind(41_001);
            nat.send(41_001, net.publicAddress(OPEN), 42_001, "hello");
            assertThat(open.ask("recv 42001 " + DELIVERED_MS + " reply"))
                    .isEqualTo("got 42001 10.79.2.2 41001 hello");
            assertThat(nat.ask("recv 41001 " + DELIVERED_MS)).isEqualTo("got 41001 10.79.1.2 42001 reply-hello");
        }
        assertThat(HostCommands.run("ip", "netns", "list")).doesNotContain(NatNetwork.PREFIX
                + ProcessHandle.current().pid() + "-");
    }

    @Test
    void aSymmetricSiteShowsEachDestinationAnotherPortAndAPortPreservingOneTheSame() throws Exception {
        try (NatNetwork net = NatNetwork.create(SITES, s -> { });
             Agent open = new Agent(net, OPEN);
             Agent symmetric = new Agent(net, SYMMETRIC);
             Agent preserving = new Agent(net, PRESERVING2)) {
            open.bind(42_002);
            open.bind(42_003);
            symmetric.bind(41_002);
            preserving.bind(41_003);
            symmetric.send(41_002, net.publicAddress(OPEN), 42_002, "a");
            symmetric.send(41_002, net.publicAddress(OPEN), 42_003, "b");
            String[] first = open.ask("recv 42002 " + DELIVERED_MS).split(" ");
            String[] second = open.ask("recv 42003 " + DELIVERED_MS).split(" ");
            assertThat(first[0]).isEqualTo("got");
            assertThat(second[0]).isEqualTo("got");
            assertThat(first[2]).isEqualTo(second[2]).isEqualTo(net.publicAddress(SYMMETRIC));
            // a random port per destination: equal with a chance of about 1 in 64 000
            assertThat(first[3]).as("the ports two destinations see").isNotEqualTo(second[3]);

            preserving.send(41_003, net.publicAddress(OPEN), 42_002, "c");
            preserving.send(41_003, net.publicAddress(OPEN), 42_003, "d");
            assertThat(open.ask("recv 42002 " + DELIVERED_MS)).isEqualTo("got 42002 10.79.4.2 41003 c");
            assertThat(open.ask("recv 42003 " + DELIVERED_MS)).isEqualTo("got 42003 10.79.4.2 41003 d");
        }
    }

    @Test
    void onlyRepliesFromWhereTheSiteSentToGetIn() throws Exception {
        try (NatNetwork net = NatNetwork.create(SITES, s -> { });
             Agent open = new Agent(net, OPEN);
             Agent nat = new Agent(net, PRESERVING);
             Agent symmetric = new Agent(net, SYMMETRIC)) {
            open.bind(42_004);
            open.bind(42_005);
            nat.bind(41_004);
            symmetric.bind(41_005);
            // nobody inside sent anything yet
            open.send(42_004, net.publicAddress(PRESERVING), 41_004, "unsolicited");
            assertThat(nat.ask("recv 41004 " + NOT_DELIVERED_MS)).isEqualTo("none 41004");

            nat.send(41_004, net.publicAddress(OPEN), 42_004, "out");
            assertThat(open.ask("recv 42004 " + DELIVERED_MS)).isEqualTo("got 42004 10.79.2.2 41004 out");
            open.send(42_005, net.publicAddress(PRESERVING), 41_004, "other-port");
            assertThat(nat.ask("recv 41004 " + NOT_DELIVERED_MS)).isEqualTo("none 41004");
            open.send(42_004, net.publicAddress(PRESERVING), 41_004, "back");
            assertThat(nat.ask("recv 41004 " + DELIVERED_MS)).isEqualTo("got 41004 10.79.1.2 42004 back");

            symmetric.send(41_005, net.publicAddress(OPEN), 42_004, "out");
            String[] seen = open.ask("recv 42004 " + DELIVERED_MS).split(" ");
            assertThat(seen[0]).isEqualTo("got");
            open.send(42_005, seen[2], Integer.parseInt(seen[3]), "other-port");
            assertThat(symmetric.ask("recv 41005 " + NOT_DELIVERED_MS)).isEqualTo("none 41005");
            open.send(42_004, seen[2], Integer.parseInt(seen[3]), "back");
            assertThat(symmetric.ask("recv 41005 " + DELIVERED_MS)).isEqualTo("got 41005 10.79.1.2 42004 back");
        }
    }

    @Test
    void holePunchingWorksBetweenPortPreservingNatsButNotWithASymmetricOne() throws Exception {
        try (NatNetwork net = NatNetwork.create(SITES, s -> { });
             Agent open = new Agent(net, OPEN);
             Agent first = new Agent(net, PRESERVING);
             Agent second = new Agent(net, PRESERVING2);
             Agent symmetric = new Agent(net, SYMMETRIC)) {
            first.bind(41_006);
            second.bind(41_007);
            // the first site's datagrams reach the second's NAT before the second site sends anything
            assertThat(first.ask("punch 41006 " + net.publicAddress(PRESERVING2) + " 41007 30 100"))
                    .isEqualTo("trying 41006");
            assertThat(second.ask("punch 41007 " + net.publicAddress(PRESERVING) + " 41006 30 100"))
                    .isEqualTo("trying 41007");
            assertThat(first.next()).isEqualTo("punched 41006");
            assertThat(second.next()).isEqualTo("punched 41007");

            // the symmetric site's port as a third party saw it
            open.bind(42_008);
            symmetric.bind(41_008);
            first.bind(41_009);
            symmetric.send(41_008, net.publicAddress(OPEN), 42_008, "where-am-i");
            String[] seen = open.ask("recv 42008 " + DELIVERED_MS).split(" ");
            assertThat(seen[0]).isEqualTo("got");
            assertThat(first.ask("punch 41009 " + seen[2] + " " + seen[3] + " 10 100")).isEqualTo("trying 41009");
            assertThat(symmetric.ask("punch 41008 " + net.publicAddress(PRESERVING) + " 41009 10 100"))
                    .isEqualTo("trying 41008");
            assertThat(first.next()).isEqualTo("none 41009");
            assertThat(symmetric.next()).isEqualTo("none 41008");
        }
    }

    @Test
    void aRestartedNatForgetsItsMappingsAndKeepsItsAddress() throws Exception {
        try (NatNetwork net = NatNetwork.create(SITES, s -> { });
             Agent open = new Agent(net, OPEN);
             Agent nat = new Agent(net, PRESERVING)) {
            open.bind(42_010);
            nat.bind(41_010);
            nat.send(41_010, net.publicAddress(OPEN), 42_010, "before");
            assertThat(open.ask("recv 42010 " + DELIVERED_MS)).isEqualTo("got 42010 10.79.2.2 41010 before");
            open.send(42_010, "10.79.2.2", 41_010, "in");
            assertThat(nat.ask("recv 41010 " + DELIVERED_MS)).isEqualTo("got 41010 10.79.1.2 42010 in");

            net.restartNat(PRESERVING);
            assertThat(net.publicAddress(PRESERVING)).isEqualTo("10.79.2.2");
            open.send(42_010, "10.79.2.2", 41_010, "to-the-old-mapping");
            assertThat(nat.ask("recv 41010 " + NOT_DELIVERED_MS)).isEqualTo("none 41010");

            nat.send(41_010, net.publicAddress(OPEN), 42_010, "after");
            assertThat(open.ask("recv 42010 " + DELIVERED_MS + " reply"))
                    .isEqualTo("got 42010 10.79.2.2 41010 after");
            assertThat(nat.ask("recv 41010 " + DELIVERED_MS)).isEqualTo("got 41010 10.79.1.2 42010 reply-after");
            assertThatThrownBy(() -> net.restartNat(OPEN)).isInstanceOf(IllegalArgumentException.class);
        }
    }

    @Test
    void aNewPublicAddressIsWhatTheInternetSeesAndTheOldOneLeadsNowhere() throws Exception {
        try (NatNetwork net = NatNetwork.create(SITES, s -> { });
             Agent open = new Agent(net, OPEN);
             Agent nat = new Agent(net, PRESERVING2)) {
            open.bind(42_011);
            nat.bind(41_011);
            nat.send(41_011, net.publicAddress(OPEN), 42_011, "before");
            assertThat(open.ask("recv 42011 " + DELIVERED_MS)).isEqualTo("got 42011 10.79.4.2 41011 before");

            net.changePublicAddress(PRESERVING2);
            assertThat(net.publicAddress(PRESERVING2)).isEqualTo("10.79.4.3");
            open.send(42_011, "10.79.4.2", 41_011, "to-the-old-address");
            assertThat(nat.ask("recv 41011 " + NOT_DELIVERED_MS)).isEqualTo("none 41011");

            nat.send(41_011, net.publicAddress(OPEN), 42_011, "after");
            assertThat(open.ask("recv 42011 " + DELIVERED_MS + " reply"))
                    .isEqualTo("got 42011 10.79.4.3 41011 after");
            assertThat(nat.ask("recv 41011 " + DELIVERED_MS)).isEqualTo("got 41011 10.79.1.2 42011 reply-after");

            net.changePublicAddress(PRESERVING2);
            assertThat(net.publicAddress(PRESERVING2)).isEqualTo("10.79.4.4");
            nat.send(41_011, net.publicAddress(OPEN), 42_011, "again");
            assertThat(open.ask("recv 42011 " + DELIVERED_MS)).isEqualTo("got 42011 10.79.4.4 41011 again");
            net.close();
            net.close();
            assertThat(HostCommands.run("ip", "netns", "list")).doesNotContain(NatNetwork.PREFIX
                    + ProcessHandle.current().pid() + "-");
        }
    }

    @Test
    void theNumberOfSitesIsChecked() {
        assertThatThrownBy(() -> NatNetwork.create(List.of(), s -> { }))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> NatNetwork.create(java.util.Collections.nCopies(51, Nat.NONE), s -> { }))
                .isInstanceOf(IllegalArgumentException.class);
    }

    /** A UDP agent in one site: one command line in, one answer line out. */
    private static final class Agent implements AutoCloseable {
        private final Process process;
        private final Writer in;
        private final BlockingQueue<String> lines = new LinkedBlockingQueue<>();

        Agent(NatNetwork net, int site) throws IOException {
            String python = HostCommands.locate("python3");
            process = new ProcessBuilder(net.inside(site, List.of(python == null ? "python3" : python, "-u", "-c",
                    AGENT, net.siteAddress(site)))).redirectErrorStream(true).start();
            in = new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8);
            Thread reader = new Thread(() -> {
                try (BufferedReader out = new BufferedReader(new InputStreamReader(process.getInputStream(),
                        StandardCharsets.UTF_8))) {
                    for (String line = out.readLine(); line != null; line = out.readLine()) {
                        lines.add(line);
                    }
                } catch (IOException e) {
                    lines.add("error " + e);
                }
                lines.add(EOF);
            }, "nat-agent-" + site);
            reader.setDaemon(true);
            reader.start();
        }

        void bind(int port) throws IOException, InterruptedException {
            assertThat(ask("bind " + port)).isEqualTo("bound " + port);
        }

        void send(int port, String host, int hostPort, String text) throws IOException, InterruptedException {
            assertThat(ask("send " + port + " " + host + " " + hostPort + " " + text)).isEqualTo("sent " + port);
        }

        String ask(String command) throws IOException, InterruptedException {
            in.write(command + "\n");
            in.flush();
            return next();
        }

        String next() throws InterruptedException {
            String line = lines.poll(15, TimeUnit.SECONDS);
            assertThat(line).as("the agent's answer").isNotNull();
            return line;
        }

        @Override
        public void close() throws InterruptedException {
            try {
                in.close();
            } catch (IOException ignored) {
                // gone already
            }
            if (!process.waitFor(5, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                process.waitFor(5, TimeUnit.SECONDS);
            }
        }
    }
}
