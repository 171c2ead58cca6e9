package org.gcs.examples.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/**
 * The modules above gcs-core use its public API only (DESIGN §2): the simulator and the emulator (gcs-sim), the tools'
 * ground floor (gcs-tools), the lab (gcs-lab), the bench (gcs-bench) and the command and samples (gcs-examples) reach
 * no {@code org.gcs.internal} class; the engine's face for drivers is {@code org.gcs.driver}. Only the JMH benchmarks
 * of internal hot paths (gcs-jmh) may; gcs-testcontainers does not depend on gcs-core at all (it runs the command's jar
 * in containers). Their main code is checked, here where every one of these modules is on the class path.
 */
class PublicApiOnlyTest {
    private static final String[] ABOVE_CORE = {"org.gcs.sim", "org.gcs.emulator", "org.gcs.tools", "org.gcs.lab",
        "org.gcs.bench", "org.gcs.examples"};
    private static final JavaClasses MAIN = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages(ABOVE_CORE);

    @Test
    void everyModuleAboveCoreShouldBeOnTheClassPath() {
        for (String module : ABOVE_CORE) {
            assertThat(MAIN.containPackage(module)).as("%s is checked", module).isTrue();
        }
    }

    @Test
    void modulesAboveCoreShouldUseNoInternalClass() {
        noClasses().that().resideInAnyPackage(packagesOf(ABOVE_CORE))
                .should().dependOnClassesThat().resideInAPackage("org.gcs.internal..")
                .because("only gcs-core's public API (org.gcs, org.gcs.metrics, org.gcs.driver) is for the modules"
                        + " above it; an internal class may change with any commit")
                .check(MAIN);
    }

    private static String[] packagesOf(String[] roots) {
        String[] packages = new String[roots.length];
        for (int i = 0; i < roots.length; i++) {
            packages[i] = roots[i] + "..";
        }
        return packages;
    }
}
