package org.gcs.examples.readme;

// The README's example, between the README:begin and README:end lines: ReadmeExampleTest checks that the README
// shows exactly these lines and runs whiteboard() on 127.0.0.1.
// README:begin
import static java.nio.charset.StandardCharsets.UTF_8;

import java.security.SecureRandom;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.gcs.GcsConfig;
import org.gcs.GcsNode;
import org.gcs.LanConfig;

/** Two sites on this machine, boston and ottawa, one member each, share the group "whiteboard". */
public final class ReadmeExample {
    public static void main(String[] args) throws InterruptedException {
        System.out.println("ottawa received " + whiteboard());
    }

    static List<String> whiteboard() throws InterruptedException {
        byte[] clusterKey = new byte[32];                         // the same secret on every node: on several
        new SecureRandom().nextBytes(clusterKey);                 // machines, e.g. `openssl rand -hex 32` in a file
        LanConfig loopback = LanConfig.builder().bindAddress("127.0.0.1").build();   // each site's LAN: this machine
        GcsConfig boston = GcsConfig.builder()
                .site("boston")                                   // the LAN cluster this process belongs to
                .lan(loopback)
                .wanBind("127.0.0.1", 0)                          // the WAN socket, used while this member is the
                .clusterKey(clusterKey)                           // site's delegate; port 0: any free port
                .congestionControl("tfrc")                        // optional: tfrc (default), ormcc, none, a class
                .build();                                         // name; every key: docs/configuration.md

        List<String> received = new CopyOnWriteArrayList<>();
        CountDownLatch bothSites = new CountDownLatch(1);
        CountDownLatch bothMessages = new CountDownLatch(2);
        try (GcsNode bostonNode = GcsNode.start(boston);
             GcsNode ottawaNode = GcsNode.start(boston.toBuilder().site("ottawa")
                     .seedAddresses(List.of(bostonNode.wanAddress()))   // boston's bound address: ottawa announces
                     .build())) {                                       // itself there, boston learns ottawa's
            ottawaNode.onMessage(m -> {
                System.out.println(m.sender() + ": " + new String(m.payload(), UTF_8));
                received.add(new String(m.payload(), UTF_8));
                bothMessages.countDown();
            });
            bostonNode.onView(v -> {
                System.out.println("members of " + v.group() + ": " + v.members());
                if (v.sites().size() == 2) {
                    bothSites.countDown();                        // a message reaches the members of the view it
                }                                                 // is sent in: wait for ottawa's
            });
            bostonNode.onTree(t -> System.out.println("tree of " + t.group() + ": root " + t.root() + ", "
                    + t.edges()));
            ottawaNode.join("whiteboard");
            bostonNode.join("whiteboard");
            if (!bothSites.await(60, TimeUnit.SECONDS)) {
                throw new IllegalStateException("the sites did not find each other");
            }
            bostonNode.send("whiteboard", "hello".getBytes(UTF_8));        // blocks while the send window is full
            bostonNode.sendAsync("whiteboard", "again".getBytes(UTF_8))    // or completes later
                    .thenRun(() -> System.out.println("admitted"));
            bothMessages.await(60, TimeUnit.SECONDS);
        }
        return received;
    }
}
// README:end
