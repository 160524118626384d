package caissa.arena.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The process layer in three floors: {@code program} (a command and where its program is),
 * {@code sandbox} (what holds a bot: bubblewrap, cgroups, the watchdog) and {@code bot} (the
 * running process, composed of the parts the sandbox offers). Each uses only the floors below.
 */
class ProcessLayerTest {

    private static JavaClasses arena;

    @BeforeAll
    static void importTheArena() {
        arena = new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("caissa.arena");
    }

    @Test
    void theSandboxKnowsNothingOfTheBotProcess() {
        noClasses()
                .that()
                .resideInAPackage("caissa.arena.sandbox..")
                .should()
                .dependOnClassesThat()
                .resideInAPackage("caissa.arena.bot..")
                .because("the bot process is built on the sandbox, not the other way")
                .check(arena);
    }

    @Test
    void aCommandKnowsNothingOfWhatRunsIt() {
        noClasses()
                .that()
                .resideInAPackage("caissa.arena.program..")
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage("caissa.arena.bot..", "caissa.arena.sandbox..")
                .because("a command and its program are plain values that the sandbox and the bot both use")
                .check(arena);
    }
}
