package caissa.arena.cli;

import caissa.arena.command.ExitCodes;
import caissa.arena.command.UsageException;
import caissa.arena.contest.Contest;
import caissa.arena.contest.ContestDefinition;
import caissa.arena.contest.ContestFile;
import caissa.arena.contest.ContestLayout;
import caissa.arena.contest.ContestStore;
import caissa.arena.diagnostics.TerminalText;
import caissa.arena.records.FolderLock;
import caissa.arena.records.Folders;
import caissa.arena.server.ContestServer;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code caissa serve}: the contest server (docs/contest-server.md, docs/organiser-guide.md). */
@Command(
        name = "serve",
        mixinStandardHelpOptions = true,
        header = "Serve a contest: participants submit bots, see them built and admitted, and play its competitions.",
        description =
                "Serve the contest a contest file defines (see contests/README.md) until Ctrl-C or SIGTERM, keeping"
                        + " everything in its data folder (accounts, submissions, results: the folder is the export). Prints the"
                        + " address and a one-time link that logs the organiser in. A second server on the same data folder is"
                        + " refused. Exit codes: 2 bad usage, a bad contest file or a data folder in use, 74 a file that cannot"
                        + " be written, 130 and 143 stopped by Ctrl-C or SIGTERM (nothing acknowledged is lost).")
final class ServeCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "CONTEST", description = "The contest file, such as contests/sample.json.")
    Path file;

    @Option(names = "--data", paramLabel = "DIR", description = "The data folder (default: ./<contest name>/).")
    Path data;

    @Option(
            names = "--port",
            paramLabel = "N",
            defaultValue = "8080",
            description = "The port to serve at (default: ${DEFAULT-VALUE}; 0: a free one).")
    int port;

    @Option(
            names = "--bind",
            paramLabel = "ADDR",
            defaultValue = "127.0.0.1",
            description =
                    "The address to serve at (default: ${DEFAULT-VALUE}, this machine only; 0.0.0.0: every network).")
    String bind;

    @Override
    public Integer call() throws Exception {
        if (port < 0 || port > 65535) {
            throw new UsageException("--port: must be a port from 0 to 65535, got " + port);
        }
        ContestDefinition definition = ContestFile.read(file);
        Path dir = data != null ? data : ContestLayout.defaultFolder(definition.name());
        ContestLayout layout = new ContestLayout(dir);
        Folders.create(layout.dir());
        Optional<FolderLock> lock = FolderLock.tryAcquire(layout.dir());
        if (lock.isEmpty()) {
            String holder =
                    FolderLock.holder(layout.dir()).map(pid -> "process " + pid).orElse("another process");
            throw new UsageException(dir + " is in use by another contest server (" + holder + "); stop it first, or"
                    + " give another --data folder");
        }
        try (FolderLock held = lock.get()) {
            ContestFile.writeCopy(file, definition, layout.contestFile());
            ContestStore store = ContestStore.open(layout);
            ContestServer server;
            try {
                server = ContestServer.start(new Contest(definition, layout, store), bind, port, Clock.systemUTC());
            } catch (RuntimeException e) {
                if (e.getCause() instanceof IOException io) {
                    throw new UsageException("cannot serve at " + bind + ":" + port + ": " + io.getMessage());
                }
                throw e;
            }
            String url = "http://" + host(bind) + ":" + server.port() + "/";
            store.setSetting(ContestStore.SERVER_URL, url);
            PrintWriter out = spec.commandLine().getOut();
            out.println("caissa serve: contest '" + TerminalText.escape(definition.name()) + "' at " + url
                    + " (data in " + dir + (dir.toString().endsWith("/") ? "" : "/") + ")");
            out.println("caissa serve: organiser's one-time link: " + url + "login/once/"
                    + server.site().accounts().newOneTimeLogin());
            out.flush();
            CountDownLatch stopped = new CountDownLatch(1);
            Thread onStop = new Thread(
                    () -> {
                        server.close();
                        stopped.countDown();
                    },
                    "serve-stop");
            Runtime.getRuntime().addShutdownHook(onStop);
            stopped.await();
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
        return ExitCodes.OK;
    }

    /** The host in the address printed: the machine's name when serving on every network. */
    private static String host(String bind) {
        if (bind.equals("0.0.0.0") || bind.equals("::")) {
            try {
                return InetAddress.getLocalHost().getHostName();
            } catch (IOException e) {
                return "localhost";
            }
        }
        return bind.contains(":") ? "[" + bind + "]" : bind;
    }
}
