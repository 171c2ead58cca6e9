package org.gcs.sim;

/** The churn scenarios on the end-to-end transport (the default). */
class SimChurnTest extends SimChurnScenarios {
    @Override
    SimOptions options() {
        return SimOptions.defaults();
    }
}
