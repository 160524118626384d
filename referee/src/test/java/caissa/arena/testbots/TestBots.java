package caissa.arena.testbots;

import caissa.arena.bot.BotCommand;
import caissa.arena.bot.StderrExcerpt;
import caissa.arena.game.Entrant;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Commands that start {@link TestBot} as a real process, and checks on what it left behind. */
public final class TestBots {

    private static final Pattern PID = Pattern.compile("(?m)^(?:child-)?pid (\\d+)$");

    private TestBots() {
    }

    /** {@code java ... TestBot args}: a separate JVM on the test class path. */
    public static BotCommand command(String... args) {
        List<String> argv = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-Xshare:auto",
                "-cp", System.getProperty("java.class.path"), TestBot.class.getName()));
        argv.addAll(List.of(args));
        return BotCommand.of(argv);
    }

    public static Entrant entrant(String name, String... args) {
        return new Entrant(name, command(args));
    }

    /** The process ids a test bot announced on standard error (its own and its child's). */
    public static List<Long> announcedPids(StderrExcerpt stderr) {
        List<Long> pids = new ArrayList<>();
        Matcher m = PID.matcher(stderr.head());
        while (m.find()) {
            pids.add(Long.parseLong(m.group(1)));
        }
        return pids;
    }

    /** Whether a process runs (a zombie waiting to be reaped by init does not count). */
    public static boolean running(long pid) {
        return ProcessHandle.of(pid).map(handle -> handle.isAlive() && !zombie(pid)).orElse(false);
    }

    private static boolean zombie(long pid) {
        try {
            String stat = java.nio.file.Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
            return stat.substring(stat.lastIndexOf(')') + 2).startsWith("Z");
        } catch (java.io.IOException e) {
            return false;
        }
    }
}
