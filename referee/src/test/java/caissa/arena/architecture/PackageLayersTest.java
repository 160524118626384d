package caissa.arena.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The arena's packages in layers, declared once here (docs/packages.md, checked below, shows them):
 * a package may use only packages of the layers below its own, never one beside it or above it,
 * and no group of packages may use each other in a circle. The rules are at the bottom and know
 * nothing else; the command line is at the top and nothing uses it.
 */
class PackageLayersTest {

    /** Bottom first. The packages of one layer do not use each other. */
    static final List<List<String>> LAYERS = List.of(
            // Pure: the game's rules, bad input, statistics, the arena's version.
            List.of("caissa.arena", "caissa.arena.rules", "caissa.arena.input", "caissa.arena.stats"),
            // The kernel's mechanism: cgroup files, /proc readings, process trees, signals; nothing of bots or games.
            List.of("caissa.arena.linux"),
            // A bot's command line: its program found on the PATH, its clean environment, the checks before a run.
            List.of("caissa.arena.program"),
            // A bot's containment: the parts (launch, limits) chosen for a command from what the machine offers.
            List.of("caissa.arena.sandbox"),
            // A bot's process and protocol, in its containment.
            List.of("caissa.arena.bot"),
            // One game: seats, clocks, the game loop, its record.
            List.of("caissa.arena.game"),
            // What a game's records say of a bot; the files the arena reads and writes.
            List.of("caissa.arena.diagnostics", "caissa.arena.records"),
            // Opening books: reading and checking them, making them; ratings across runs, from their game logs.
            List.of("caissa.arena.openings", "caissa.arena.ratings"),
            // Many games at once; the pages: the HTML report of a folder, the rating list.
            List.of("caissa.arena.runner", "caissa.arena.report"),
            // The three kinds of run.
            List.of("caissa.arena.tournament", "caissa.arena.match", "caissa.arena.submission"),
            // What every command shares: options, exit codes, usage errors, the live report.
            List.of("caissa.arena.command"),
            // The contest without HTTP: its file, data folder, database, accounts, uploads, jobs.
            List.of("caissa.arena.contest"),
            // The contest server's web tier: routes, sessions, pages.
            List.of("caissa.arena.server"),
            // Benchmark harnesses (the bench command).
            List.of("caissa.arena.bench"),
            // The caissa command and its subcommands.
            List.of("caissa.arena.cli"));

    private static JavaClasses arena;

    @BeforeAll
    static void importTheArena() {
        arena = new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("caissa.arena");
    }

    @Test
    void everyPackageHasItsLayer() {
        Set<String> declared = new TreeSet<>();
        LAYERS.forEach(declared::addAll);
        Set<String> packages = new TreeSet<>();
        arena.forEach(c -> packages.add(c.getPackageName()));
        assertThat(packages)
                .as("a new package is placed in a layer of PackageLayersTest.LAYERS")
                .isSubsetOf(declared);
        assertThat(declared).as("every declared package still exists").isSubsetOf(packages);
    }

    /** docs/packages.md is the reader's copy of these layers: it names every package, in its layer. */
    @Test
    void thePackagePageNamesEveryPackageInItsLayer() throws IOException {
        String page = Files.readString(Path.of("..", "docs", "packages.md"));
        for (int layer = 0; layer < LAYERS.size(); layer++) {
            for (String name : LAYERS.get(layer)) {
                assertThat(page).as("docs/packages.md").contains("| " + (layer + 1) + " | `" + name + "` |");
            }
        }
    }

    @Test
    void noPackageUsesOneBesideOrAboveIt() {
        for (int layer = 0; layer < LAYERS.size(); layer++) {
            List<String> notBelow = LAYERS.subList(layer, LAYERS.size()).stream()
                    .flatMap(List::stream)
                    .toList();
            for (String own : LAYERS.get(layer)) {
                List<String> forbidden =
                        notBelow.stream().filter(p -> !p.equals(own)).toList();
                noClasses()
                        .that()
                        .resideInAPackage(own)
                        .should()
                        .dependOnClassesThat(inAnyOf(forbidden))
                        .because("data flows one way: a package uses only the layers below it")
                        .check(arena);
            }
        }
    }

    @Test
    void noPackagesUseEachOtherInACircle() {
        slices().matching("caissa.arena.(*)..").should().beFreeOfCycles().check(arena);
    }

    /** The rules are pure: no processes, files, threads or libraries; only the JDK's values and collections. */
    @Test
    void theRulesUseOnlyTheJdksValues() {
        noClasses()
                .that()
                .resideInAPackage("caissa.arena.rules")
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage(
                        "java.io..",
                        "java.nio..",
                        "java.net..",
                        "java.util.concurrent..",
                        "com.fasterxml..",
                        "picocli..",
                        "org.apache..")
                .orShould()
                .dependOnClassesThat()
                .belongToAnyOf(ProcessBuilder.class, Runtime.class, Thread.class)
                .check(arena);
    }

    /**
     * The kernel's floor is mechanism only: the JDK and the pure packages, no library (the policy
     * above it decides which part, when; this says how the kernel is asked).
     */
    @Test
    void theKernelsFloorUsesOnlyTheJdkAndThePurePackages() {
        noClasses()
                .that()
                .resideInAPackage("caissa.arena.linux")
                .should()
                .dependOnClassesThat()
                .resideOutsideOfPackages(
                        "java..",
                        "caissa.arena.linux",
                        "caissa.arena",
                        "caissa.arena.rules",
                        "caissa.arena.input",
                        "caissa.arena.stats")
                .check(arena);
    }

    /** Classes of exactly these packages (not their subpackages). */
    private static DescribedPredicate<JavaClass> inAnyOf(List<String> packages) {
        return DescribedPredicate.describe(
                "are in " + String.join(", ", packages), c -> packages.contains(c.getPackageName()));
    }
}
