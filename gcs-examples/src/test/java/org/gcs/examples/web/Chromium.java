package org.gcs.examples.web;

import static org.assertj.core.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;

/**
 * Debian's headless Chromium for the tests of the examples' pages (dashboard, whiteboard): where the browser is, the
 * options every run takes, and one run that returns a page's DOM after its scripts ran.
 */
public final class Chromium {
    private static final Duration RUN_TIMEOUT = Duration.ofSeconds(60);

    private Chromium() {
    }

    /**
     * @return the browser: {@code -Dgcs.chromium=PATH}, by default {@code /usr/bin/chromium}. When it is missing the
     *     calling test is skipped, or fails with {@code -Dgcs.requireChromium=true} (as {@code .ci/run} sets it)
     */
    public static Path binaryOrSkip() {
        Path chromium = Path.of(System.getProperty("gcs.chromium", "/usr/bin/chromium"));
        if (!Files.isExecutable(chromium)) {
            String message = chromium + " is missing: apt-get install chromium (Debian) to run this test";
            if (Boolean.getBoolean("gcs.requireChromium")) {
                fail(message + " (gcs.requireChromium=true)");
            }
            Assumptions.assumeTrue(false, message);
        }
        return chromium;
    }

    /**
     * @param chromium the browser ({@link #binaryOrSkip})
     * @param profile a directory of its own for the browser's profile
     * @return the command line of a headless run, without its last options and the page
     */
    public static List<String> headless(Path chromium, Path profile) {
        return new ArrayList<>(List.of(chromium.toString(), "--headless", "--no-sandbox", "--disable-gpu",
                "--disable-quic", "--disable-dev-shm-usage", "--no-first-run", "--disable-background-networking",
                "--disable-component-update", "--disable-sync", "--user-data-dir=" + profile));
    }

    /**
     * Runs the browser once against a page and returns the DOM after the page's scripts ran.
     *
     * @param chromium the browser ({@link #binaryOrSkip})
     * @param url the page
     * @param scriptTime the virtual time the page's scripts get before the DOM is taken
     */
    public static String dumpDom(Path chromium, String url, Duration scriptTime)
            throws IOException, InterruptedException {
        Path dir = Files.createTempDirectory("gcs-chromium-");
        try {
            Path dom = dir.resolve("dom.html");
            List<String> command = headless(chromium, dir.resolve("profile"));
            command.addAll(List.of("--virtual-time-budget=" + scriptTime.toMillis(), "--dump-dom", url));
            ProcessBuilder builder = new ProcessBuilder(command).redirectOutput(dom.toFile())
                    .redirectError(ProcessBuilder.Redirect.DISCARD);
            builder.environment().put("TMPDIR", dir.toString()); // its singleton socket too goes with the profile
            Process process = builder.start();
            process.getOutputStream().close();
            if (!process.waitFor(RUN_TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new AssertionError("chromium did not end within " + RUN_TIMEOUT);
            }
            return Files.readString(dom, StandardCharsets.UTF_8);
        } finally {
            deleteTree(dir);
        }
    }

    private static void deleteTree(Path dir) {
        try (var paths = Files.walk(dir)) {
            for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            // a file Chromium still writes: the temporary directory stays
        }
    }
}
