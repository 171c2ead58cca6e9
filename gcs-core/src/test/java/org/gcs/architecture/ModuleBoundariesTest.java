package org.gcs.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDateTime;
import org.junit.jupiter.api.Test;

/**
 * The dependency arrows of DESIGN §2: gcs-cc and gcs-alm are pure (JDK only, no clock, no threads, no
 * sockets); the public API in {@code org.gcs} does not leak Netty or JGroups types and reaches the implementation only
 * through {@code GcsNode.start}. The modules above gcs-core keep to its public API: {@code PublicApiOnlyTest} in
 * gcs-examples checks them.
 */
class ModuleBoundariesTest {
    private static final JavaClasses PURE = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("org.gcs.cc", "org.gcs.alm");
    private static final JavaClasses CORE = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("org.gcs");

    @Test
    void pureModulesShouldExist() {
        org.assertj.core.api.Assertions.assertThat(PURE.containPackage("org.gcs.cc.rtt")).isTrue();
        org.assertj.core.api.Assertions.assertThat(PURE.containPackage("org.gcs.alm.overlay")).isTrue();
    }

    @Test
    void pureModulesShouldDependOnTheJdkAndThemselvesOnly() {
        ArchRule rule = classes().that().resideInAnyPackage("org.gcs.cc..", "org.gcs.alm..")
                .should().onlyDependOnClassesThat().resideInAnyPackage("java..", "org.gcs.cc..", "org.gcs.alm..");
        rule.check(PURE);
    }

    @Test
    void pureModulesShouldNotReadClocksOrUseThreadsOrSockets() {
        ArchRule rule = noClasses().that().resideInAnyPackage("org.gcs.cc..", "org.gcs.alm..")
                .should().callMethod(System.class, "nanoTime")
                .orShould().callMethod(System.class, "currentTimeMillis")
                .orShould().callMethod(Instant.class, "now")
                .orShould().callMethod(LocalDateTime.class, "now")
                .orShould().dependOnClassesThat().areAssignableTo(Clock.class)
                .orShould().dependOnClassesThat().areAssignableTo(Thread.class)
                .orShould().dependOnClassesThat().resideInAnyPackage("java.net..", "java.nio.channels..",
                        "java.util.concurrent..", "java.io..")
                .because("gcs-cc and gcs-alm are sans-IO: time comes in as nowNs, drivers own threads and sockets");
        rule.check(PURE);
    }

    @Test
    void pureModulesShouldNotSeeIoLibraries() {
        ArchRule rule = noClasses().that().resideInAnyPackage("org.gcs.cc..", "org.gcs.alm..")
                .should().dependOnClassesThat().resideInAnyPackage("io.netty..", "org.jgroups..", "io.micrometer..");
        rule.check(PURE);
    }

    @Test
    void protocolEngineShouldNotReadClocksOrTouchIoLibraries() {
        ArchRule rule = noClasses().that().resideInAnyPackage("org.gcs.internal.engine..", "org.gcs.internal.flow..",
                        "org.gcs.internal.wire..")
                .should().callMethod(System.class, "nanoTime")
                .orShould().callMethod(System.class, "currentTimeMillis")
                .orShould().callMethod(Instant.class, "now")
                .orShould().dependOnClassesThat().resideInAnyPackage("io.netty..", "org.jgroups..")
                .because("the engine runs unchanged under Netty and under the virtual-time simulator (gcs-sim)");
        rule.check(CORE);
    }

    @Test
    void publicApiShouldNotExposeNettyOrJGroups() {
        ArchRule rule = noClasses().that().resideInAPackage("org.gcs")
                .should().dependOnClassesThat().resideInAnyPackage("io.netty..", "org.jgroups..");
        rule.check(CORE);
    }

    @Test
    void publicApiShouldReachTheImplementationOnlyThroughTheStartFactory() {
        noClasses().that().resideInAPackage("org.gcs").and().doNotHaveSimpleName("GcsNode")
                .should().dependOnClassesThat().resideInAPackage("org.gcs.internal..")
                .because("the public API stands on its own; GcsNode.start is its one door to the implementation")
                .check(CORE);
    }
}
