package org.gcs.examples.cli;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;
import picocli.CommandLine.IVersionProvider;

/** Reads the version from the Maven metadata packed into the jar ({@code --version}). */
public final class VersionProvider implements IVersionProvider {
    private static final String POM_PROPERTIES = "/META-INF/maven/org.gcs/gcs-examples/pom.properties";

    @Override
    public String[] getVersion() {
        String version = "development build";
        try (InputStream in = VersionProvider.class.getResourceAsStream(POM_PROPERTIES)) {
            if (in != null) {
                Properties properties = new Properties();
                properties.load(in);
                version = properties.getProperty("version", version);
            }
        } catch (IOException e) {
            // keep the fallback
        }
        return new String[] {"gcs " + version, "Java " + System.getProperty("java.version")};
    }
}
