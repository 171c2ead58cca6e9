package org.gcs.sim;

/** The churn scenarios on the hop-by-hop transport: reliable links per tree edge, backup buffers, restarts. */
class SimChurnHopByHopTest extends SimChurnScenarios {
    @Override
    java.util.function.UnaryOperator<org.gcs.GcsConfigBuilder> nodeSettings() {
        return b -> b.set("congestion.control", "none").set("wan.transport", "hop-by-hop");
    }
}
