package caissa.arena.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import caissa.arena.bot.BotHost;
import caissa.arena.bot.BotProcess;
import caissa.arena.bot.ToolProcess;
import caissa.arena.sandbox.Bubblewrap;
import caissa.arena.submission.SourceBuild;
import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaCall;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.properties.HasName;
import com.tngtech.archunit.core.domain.properties.HasOwner;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Every start of a submission's code, a bot's or its build's, goes through one door, {@code
 * Launch}, inside its containment (sandbox, limits, hidden folders, user, clean environment), and
 * ends through its command's ending: the callers that may start a process are listed here, and a
 * new one fails this test until it is added for a reason.
 */
class ProcessStartsTest {

    private static JavaClasses arena;

    @BeforeAll
    static void importTheArena() {
        arena = new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("caissa.arena");
    }

    /** Classes other than these and the classes nested in them. */
    private static DescribedPredicate<JavaClass> outside(String... names) {
        return DescribedPredicate.describe(
                "are not " + String.join(", ", names),
                c -> Arrays.stream(names)
                        .noneMatch(n -> c.getName().equals(n) || c.getName().startsWith(n + "$")));
    }

    /** A bot is started only as one of a command's hosts (see BotHost), which ends it when the arena stops. */
    @Test
    void onlyAHostStartsABot() {
        noClasses()
                .that(outside(BotHost.class.getName(), BotProcess.class.getName()))
                .should()
                .callMethodWhere(JavaCall.Predicates.target(HasName.Predicates.name("start"))
                        .and(JavaCall.Predicates.target(HasOwner.Predicates.With.owner(DescribedPredicate.describe(
                                "BotProcess", owner -> owner.isEquivalentTo(BotProcess.class))))))
                .because("a bot's code runs only inside its containment")
                .check(arena);
    }

    /**
     * A program run on a submission outside a game is its build: started by the same launch and
     * ended by the same parts as a bot ({@code ToolProcess}), never by a path of its own.
     */
    @Test
    void onlyABuildRunsAProgramOnASubmission() {
        noClasses()
                .that(outside(SourceBuild.class.getName(), ToolProcess.class.getName()))
                .should()
                .callMethodWhere(JavaCall.Predicates.target(HasName.Predicates.name("run"))
                        .and(JavaCall.Predicates.target(HasOwner.Predicates.With.owner(DescribedPredicate.describe(
                                "ToolProcess", owner -> owner.isEquivalentTo(ToolProcess.class))))))
                .because("a submission's build runs inside its containment, and only SourceBuild builds")
                .check(arena);
    }

    /**
     * Processes at all: the one door for a submission's code (Launch: bots, for their games and
     * the check before them, and a submission's build, through {@code ToolProcess}), the arena's own helpers (bubblewrap's trial run, the trial of a user namespace for an ordinary user's plain bots, the trial of their seccomp filter's loader, the signal shell, the
     * terminal's size, the watcher that cleans up after a killed arena and the kill it sends, the
     * watchdog's {@code ipcrm} for the System V segments a plain bot left), the
     * benchmarks' fastchess and the arena's own merge and report that {@code bench scale}
     * measures, the contest server's jobs (JobRunner: the arena's own command line,
     * {@code caissa contest job}, so that no participant's code and no game runs in the web
     * server), and the cluster's own clients ({@code sbatch} and {@code squeue}) that the contest
     * server's SLURM runner hands a competition to. Nothing else may start one.
     */
    @Test
    void onlyTheseClassesStartProcesses() {
        noClasses()
                .that(outside(
                        "caissa.arena.bot.Launch",
                        Bubblewrap.class.getName(),
                        "caissa.arena.sandbox.ArenaWatcher",
                        "caissa.arena.sandbox.TrialRun",
                        "caissa.arena.sandbox.LimitWatchdog",
                        "caissa.arena.linux.Signals",
                        "caissa.arena.cli.Terminal",
                        "caissa.arena.bench.BenchCommand",
                        "caissa.arena.bench.FairnessBench",
                        "caissa.arena.bench.ScaleBench",
                        "caissa.arena.contest.JobRunner",
                        "caissa.arena.contest.SlurmRunner"))
                .should()
                .callMethod(ProcessBuilder.class, "start")
                .orShould()
                .callMethod(Runtime.class, "exec", String.class)
                .orShould()
                .callMethod(Runtime.class, "exec", String[].class)
                .orShould()
                .callMethod(ProcessBuilder.class, "startPipeline", List.class)
                .because("every process is started where its containment, or its being the arena's own, is plain")
                .check(arena);
    }

    /**
     * No second stack for starting and ending processes: a library that starts them (Apache
     * Commons Exec, which builds once used, with a watchdog that ended only the process it
     * started) would bypass the door and the ending above.
     */
    @Test
    void noProcessLibraryBesideTheDoor() {
        noClasses()
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage("org.apache.commons.exec..", "org.zeroturnaround.exec..", "com.zaxxer.nuprocess..")
                .because("every process starts through Launch or as one of the arena's own helpers listed above")
                .check(arena);
    }
}
