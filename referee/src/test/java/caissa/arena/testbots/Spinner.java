package caissa.arena.testbots;

import com.sun.management.OperatingSystemMXBean;
import java.lang.management.ManagementFactory;
import java.util.Locale;

/**
 * A thread that spins for as long as the test bot runs, and an account of the CPU time the
 * process used between each reply and the next line it received: its "idle" time, which an
 * arena that suspends idle bots keeps near zero. At each line it writes to standard error
 * {@code idle-cpu-ms C idle-wall-ms W rate R}: the idle CPU, the idle wall time, and the share of
 * a core the spinner got while it ran freely at start-up (so that a test can judge the idle CPU
 * against what the machine's load allowed).
 */
final class Spinner {

    private static final long CALIBRATION_NANOS = 300_000_000L;
    private static boolean on;
    private static volatile long sink;
    private static long idleCpu;
    private static long idleWall;
    private static long repliedCpu = -1;
    private static long repliedWall;
    private static double rate;

    private Spinner() {}

    static void start() {
        on = true;
        Thread spinner = new Thread(
                () -> {
                    long x = 0;
                    while (true) {
                        x++;
                        if ((x & 0xffff) == 0) {
                            sink = x;
                        }
                    }
                },
                "spinner");
        spinner.setDaemon(true);
        spinner.start();
        long cpu0 = cpu();
        long wall0 = System.nanoTime();
        try {
            Thread.sleep(CALIBRATION_NANOS / 1_000_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        // The main thread slept, so the process's CPU is (nearly) the spinner's.
        rate = (double) (cpu() - cpu0) / (System.nanoTime() - wall0);
    }

    static void replied() {
        if (on) {
            repliedCpu = cpu();
            repliedWall = System.nanoTime();
        }
    }

    static void lineReceived() {
        if (!on || repliedCpu < 0) {
            return;
        }
        idleCpu += cpu() - repliedCpu;
        idleWall += System.nanoTime() - repliedWall;
        repliedCpu = -1;
        System.err.printf(
                Locale.ROOT,
                "idle-cpu-ms %d idle-wall-ms %d rate %.3f%n",
                idleCpu / 1_000_000,
                idleWall / 1_000_000,
                rate);
        System.err.flush();
    }

    private static long cpu() {
        return ((OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime();
    }
}
