package org.gcs.alm.swim;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/**
 * The rules gcs-core's ModuleBoundariesTest applies to every pure module, checked here for this package so that a
 * build of gcs-alm alone catches a slip: no clock reads, threads, sockets, concurrency or IO libraries.
 */
class SwimPurityTest {
    private static final JavaClasses SWIM = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("org.gcs.alm.swim");

    @Test
    void shouldNotReadClocksOrUseThreadsSocketsOrIoLibraries() {
        noClasses().should().callMethod(System.class, "nanoTime")
                .orShould().callMethod(System.class, "currentTimeMillis")
                .orShould().callMethod(Instant.class, "now")
                .orShould().dependOnClassesThat().areAssignableTo(Thread.class)
                .orShould().dependOnClassesThat().resideInAnyPackage("java.time..", "java.net..",
                        "java.nio.channels..", "java.util.concurrent..", "java.io..", "io.netty..", "org.jgroups..",
                        "io.micrometer..")
                .because("the SWIM core is sans-IO: time comes in as nowNs, randomness from the caller's generator")
                .check(SWIM);
    }
}
