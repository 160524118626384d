import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import org.junit.platform.engine.DiscoverySelector;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.discovery.DiscoverySelectors;
import org.junit.platform.engine.support.descriptor.MethodSource;
import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.launcher.listeners.SummaryGeneratingListener;
import org.junit.platform.launcher.listeners.TestExecutionSummary;

/**
 * Runs the JUnit tests named on the command line ({@code Class} or {@code Class#method}) in this
 * JVM and prints one line per test and a count: the cgroup v2 guest runs its tests on a class
 * path built on the host, since starting Maven there costs a minute of emulated CPU.
 */
public final class RunTests {

    public static void main(String[] args) {
        String label = args[0];
        List<DiscoverySelector> selectors = new ArrayList<>();
        for (int i = 1; i < args.length; i++) {
            selectors.add(args[i].contains("#") ? DiscoverySelectors.selectMethod(args[i])
                    : DiscoverySelectors.selectClass(args[i]));
        }
        LauncherDiscoveryRequest request = LauncherDiscoveryRequestBuilder.request().selectors(selectors).build();
        Launcher launcher = LauncherFactory.create();
        SummaryGeneratingListener summary = new SummaryGeneratingListener();
        TestExecutionListener lines = new TestExecutionListener() {
            @Override
            public void executionSkipped(TestIdentifier test, String reason) {
                System.out.println("[" + label + "] SKIPPED " + name(test) + ": " + reason);
            }

            @Override
            public void executionFinished(TestIdentifier test, TestExecutionResult result) {
                if (test.isTest() && result.getStatus() == TestExecutionResult.Status.ABORTED) {
                    // A failed assumption: the test skipped, with its reason.
                    System.out.println("[" + label + "] SKIPPED " + name(test)
                            + result.getThrowable().map(t -> ": " + t.getMessage()).orElse(""));
                } else if (test.isTest()) {
                    System.out.println("[" + label + "] " + result.getStatus() + " " + name(test)
                            + result.getThrowable().map(t -> ": " + t).orElse(""));
                }
            }
        };
        launcher.execute(request, summary, lines);
        TestExecutionSummary s = summary.getSummary();
        if (s.getTotalFailureCount() > 0) {
            s.printFailuresTo(new PrintWriter(System.out), 30);
        }
        long ran = s.getTestsStartedCount() - s.getTestsAbortedCount();
        long skipped = s.getTestsSkippedCount() + s.getTestsAbortedCount();
        System.out.printf("[%s] tests: %d ran, %d skipped, %d failed%n", label, ran, skipped, s.getTotalFailureCount());
        System.exit(s.getTotalFailureCount() == 0 && s.getTestsFoundCount() > 0 ? 0 : 1);
    }

    private static String name(TestIdentifier test) {
        return test.getSource().filter(MethodSource.class::isInstance).map(MethodSource.class::cast)
                .map(m -> m.getClassName() + "#" + m.getMethodName()
                        + (test.getDisplayName().startsWith(m.getMethodName()) ? "" : " " + test.getDisplayName()))
                .orElse(test.getDisplayName());
    }
}
