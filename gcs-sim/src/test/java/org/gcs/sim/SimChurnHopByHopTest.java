package org.gcs.sim;

/** The churn scenarios on the hop-by-hop transport: reliable links per tree edge, backup buffers, restarts. */
class SimChurnHopByHopTest extends SimChurnScenarios {
    @Override
    SimOptions options() {
        return SimOptions.defaults().withSetting("congestion.control", "none").withSetting("wan.transport",
                "hop-by-hop");
    }
}
