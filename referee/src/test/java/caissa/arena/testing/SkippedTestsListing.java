package caissa.arena.testing;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.TestPlan;

/**
 * Lists, after each test run, every test of it that was skipped and why, on the console: a test
 * that needs root, a cgroup, bubblewrap or Chromium skips where the machine lacks it, and the
 * reason was only in surefire's XML files. Also counts the tests aborted by an assumption
 * (JUnit's {@code Assumptions}), which is how most of them skip. Registered through
 * {@code META-INF/services/org.junit.platform.launcher.TestExecutionListener} in the test resources.
 */
public final class SkippedTestsListing implements TestExecutionListener {

    private final List<String> skipped = new ArrayList<>();
    private TestPlan plan;
    private int listed;

    @Override
    public void testPlanExecutionStarted(TestPlan testPlan) {
        plan = testPlan;
    }

    @Override
    public synchronized void executionSkipped(TestIdentifier test, String reason) {
        skipped.add(name(test) + ": " + reason);
    }

    @Override
    public synchronized void executionFinished(TestIdentifier test, TestExecutionResult result) {
        if (result.getStatus() == TestExecutionResult.Status.ABORTED) {
            skipped.add(name(test) + ": "
                    + result.getThrowable().map(Throwable::getMessage).orElse("aborted"));
        }
    }

    @Override
    public synchronized void testPlanExecutionFinished(TestPlan testPlan) {
        // Surefire's forks run one test plan a class, in a JVM they reuse: each plan lists only its
        // own skips, so that none is listed twice.
        List<String> fresh = skipped.subList(listed, skipped.size());
        if (fresh.isEmpty()) {
            return;
        }
        // Surefire captures a test's standard output; standard error of the forked JVM reaches the console.
        PrintStream console = System.err;
        console.println("Skipped " + fresh.size() + (fresh.size() == 1 ? " test" : " tests") + ", and why:");
        fresh.forEach(line -> console.println("  " + line));
        console.flush();
        listed = skipped.size();
    }

    private String name(TestIdentifier test) {
        String name = test.getDisplayName();
        if (plan != null) {
            Optional<TestIdentifier> parent = plan.getParent(test);
            while (parent.isPresent() && parent.get().getSource().isPresent()) {
                name = parent.get().getDisplayName() + " > " + name;
                parent = plan.getParent(parent.get());
            }
        }
        return name;
    }
}
