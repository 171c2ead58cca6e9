/**
 * What every GCS command line shares, whichever module's command is the root ({@code gcs} in gcs-examples, or the lab's
 * and the bench's own roots for their child processes): {@link org.gcs.tools.cli.CommandLines} sets up a picocli
 * command so that usage errors take one line with a hint ({@link org.gcs.tools.cli.UsageErrorHandler}), a bad
 * configuration one line with exit code 2 ({@link org.gcs.tools.cli.ConfigErrorHandler}), and help wraps at spaces
 * ({@link org.gcs.tools.cli.HelpLayout}); {@link org.gcs.tools.cli.NodeSettings} is the {@code --controller},
 * {@code --transport} and {@code --set KEY=VALUE} options applied to every node a command starts, real or simulated;
 * {@link org.gcs.tools.cli.DurationConverter} reads {@code 30s}, {@code 500ms} options;
 * {@link org.gcs.tools.cli.VersionProvider} answers {@code --version}. Exit codes: 0 success, 1 the command ran but
 * failed, 2 bad usage or a bad configuration.
 *
 * <p>These classes run on the thread that parses and runs the command line and hold no shared state.
 */
package org.gcs.tools.cli;
