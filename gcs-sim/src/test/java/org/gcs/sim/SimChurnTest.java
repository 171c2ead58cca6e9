package org.gcs.sim;

/** The churn scenarios on the end-to-end transport (the default). */
class SimChurnTest extends SimChurnScenarios {
    @Override
    java.util.function.UnaryOperator<org.gcs.GcsConfigBuilder> nodeSettings() {
        return java.util.function.UnaryOperator.identity();
    }
}
