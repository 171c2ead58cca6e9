package org.gcs.tools.cli;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;
import picocli.CommandLine.IVersionProvider;

/**
 * {@code gcs --version}: the version and the git commit the build wrote into {@code org/gcs/tools/build.properties}
 * (gcs-tools/pom.xml, {@code git describe --always --dirty}), and the Java version. A build outside a git work
 * tree says "unknown commit".
 */
public final class VersionProvider implements IVersionProvider {
    /** The resource the build writes, with the keys {@code version} and {@code commit}. */
    static final String BUILD_PROPERTIES = "/org/gcs/tools/build.properties";
    /** What {@code --version} shows when no commit was recorded. */
    static final String UNKNOWN_COMMIT = "unknown commit";

    @Override
    public String[] getVersion() {
        Properties build = read(BUILD_PROPERTIES);
        return lines(build.getProperty("version", "development build"),
                build.getProperty("commit", UNKNOWN_COMMIT));
    }

    /**
     * @param version the project's version
     * @param commit the commit, or {@link #UNKNOWN_COMMIT}
     * @return the lines {@code --version} prints
     */
    static String[] lines(String version, String commit) {
        String built = commit.isBlank() || commit.equals(UNKNOWN_COMMIT) ? UNKNOWN_COMMIT : "commit " + commit;
        return new String[] {"gcs " + version + " (" + built + ")", "Java " + System.getProperty("java.version")
                + " (" + System.getProperty("java.vendor") + ")"};
    }

    private static Properties read(String resource) {
        Properties properties = new Properties();
        try (InputStream in = VersionProvider.class.getResourceAsStream(resource)) {
            if (in != null) {
                properties.load(in);
            }
        } catch (IOException | IllegalArgumentException e) {
            // no version information: the fallbacks
        }
        return properties;
    }
}
