package org.gcs.sim.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/**
 * The simulation module's own arrows: the virtual-time simulator reads no clock and touches no I/O library (its time
 * is virtual, so runs repeat from a seed); the (max,+) models are pure (JDK only), like gcs-cc and gcs-alm.
 */
class SimulationBoundariesTest {
    private static final JavaClasses SIM = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("org.gcs.sim", "org.gcs.emulator");

    @Test
    void simulatorShouldNotReadClocksOrTouchIoLibraries() {
        noClasses().that().resideInAPackage("org.gcs.sim")
                .should().callMethod(System.class, "nanoTime")
                .orShould().callMethod(System.class, "currentTimeMillis")
                .orShould().callMethod(Instant.class, "now")
                .orShould().dependOnClassesThat().resideInAnyPackage("io.netty..", "org.jgroups..")
                .because("the simulator's time is virtual: the same seed gives the same run")
                .check(SIM);
    }

    @Test
    void maxPlusModelsShouldDependOnTheJdkAndThemselvesOnly() {
        classes().that().resideInAPackage("org.gcs.sim.maxplus..")
                .should().onlyDependOnClassesThat().resideInAnyPackage("java..", "org.gcs.sim.maxplus..")
                .because("the papers' (max,+) models are pure code, checked against the papers' tables")
                .check(SIM);
    }

    @Test
    void emulatedLinksShouldNotReadClocks() {
        noClasses().that().resideInAPackage("org.gcs.emulator").and().doNotHaveSimpleName("LinkEmulatorHandler")
                .should().callMethod(System.class, "nanoTime")
                .orShould().callMethod(System.class, "currentTimeMillis")
                .because("an emulated link takes time as nowNs, so the Netty handler and the simulator share it")
                .check(SIM);
    }
}
