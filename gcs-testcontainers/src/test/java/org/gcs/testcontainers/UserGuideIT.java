package org.gcs.testcontainers;

// docs/testing.md shows the lines between USER-GUIDE:begin and USER-GUIDE:end as a user's test;
// UserGuideTest checks that it shows exactly these lines. Failsafe runs the test like the other ITs.
// USER-GUIDE:begin
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import org.gcs.testcontainers.GcsContainer;
import org.gcs.testcontainers.GcsStatus;
import org.gcs.testcontainers.GcsView;
import org.junit.jupiter.api.Test;
import org.testcontainers.containers.Network;
import org.testcontainers.junit.jupiter.Testcontainers;
import org.testcontainers.lifecycle.Startables;

/** Two sites, boston and ottawa, one GCS node each, share the group "chat" and exchange 50 messages each. */
@Testcontainers(disabledWithoutDocker = true)
class UserGuideIT {
    static final String KEY = "a-long-shared-test-key";   // every node of the test shares it (16+ characters)
    static final int MESSAGES = 50;

    static GcsContainer site(Network wan, String site, String otherSite) {
        return new GcsContainer(site, site + "-1")         // the GCS image; GcsContainer.onJavaImage: any JRE image
                .withNetwork(wan).withNetworkAliases(site)
                .withWanAddress(site)                       // other sites reach this node at SITE:7700
                .withSeeds(otherSite + ":" + GcsContainer.WAN_PORT)
                .withGroups("chat").withClusterKey(KEY)
                .withCheckTraffic(10, MESSAGES, 2)          // 10/s once the view of "chat" has 2 members
                .withMetrics();                             // Prometheus endpoint on a published port
    }

    @Test
    void bothSitesSeeEachOtherAndGetEveryMessageOnceInOrder() throws Exception {
        try (Network wan = Network.newNetwork();
                GcsContainer boston = site(wan, "boston", "ottawa");
                GcsContainer ottawa = site(wan, "ottawa", "boston")) {
            Startables.deepStart(boston, ottawa).join();
            List<GcsContainer> nodes = List.of(boston, ottawa);

            await("each node's view of chat lists both sites").atMost(Duration.ofMinutes(1)).untilAsserted(() -> {
                for (GcsContainer node : nodes) {
                    assertThat(node.view("chat")).hasValueSatisfying((GcsView view) -> {
                        assertThat(view.sites()).containsExactly("boston", "ottawa");
                        assertThat(view.contains(boston)).isTrue();
                        assertThat(view.contains(ottawa)).isTrue();
                    });
                }
            });

            await("every node delivered both streams").atMost(Duration.ofMinutes(1)).untilAsserted(() -> {
                for (GcsContainer node : nodes) {
                    assertThat(node.status()).hasValueSatisfying((GcsStatus status) -> {
                        assertThat(status.members("chat")).isEqualTo(2);
                        assertThat(status.sent()).isEqualTo(MESSAGES);
                        assertThat(status.receivedAllInOrder(boston, MESSAGES)).isTrue();
                        assertThat(status.receivedAllInOrder(ottawa, MESSAGES)).isTrue();
                        assertThat(status.delivered()).isEqualTo(2 * MESSAGES);   // its own messages too
                    });
                }
            });

            assertThat(boston.wanAddress()).hasToString("boston:7700");      // as ottawa reaches it
            assertThat(boston.wanAddressFromHost().port()).isPositive();     // as this JVM reaches it (UDP)
            HttpResponse<String> metrics = HttpClient.newHttpClient().send(
                    HttpRequest.newBuilder(URI.create(ottawa.metricsUrl())).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(metrics.statusCode()).isEqualTo(200);
            assertThat(metrics.body()).contains("gcs_delegate");
        }
    }
}
// USER-GUIDE:end
