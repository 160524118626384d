package caissa.arena.contest;

import caissa.arena.records.AtomicFiles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/**
 * Hands a competition to SLURM as the organiser's guide runs a tournament there: each batch (a
 * round robin's one, a Swiss's rounds and its final) a job array of shards
 * ({@code caissa tournament FILE --shard auto [--from OUT] --out SHARD}), after it a merge into the
 * competition's folder, and at the end {@code caissa verify} of that folder, each job after the
 * one before ({@code --dependency=afterok}). The folders must be on a file system the nodes share.
 *
 * <p>The job ids are kept in the work folder once submitted, so that a server restarted while the
 * cluster plays waits for the same jobs instead of submitting again. The live pages read the
 * shards' journals ({@link #shardFolders}); the merged folder is what is published.
 *
 * @param shards the array's tasks a batch
 * @param caissa the arena's command on the nodes, such as {@code [".../bin/caissa"]}
 * @param sbatch options for every {@code sbatch}, such as {@code ["--partition=contest"]}
 */
public record SlurmRunner(int shards, List<String> caissa, List<String> sbatch) {

    /** Written by the verify job when {@code caissa verify} agrees with every log. */
    public static final String VERIFIED = "verified";

    static final String JOBS = "jobs";
    static final String SCRIPT = "submit.sh";

    public SlurmRunner {
        if (shards < 1) {
            throw new IllegalArgumentException("shards must be at least 1, got " + shards);
        }
        caissa = List.copyOf(caissa);
        sbatch = List.copyOf(sbatch);
    }

    /** The folder of batch {@code batch}'s shard {@code index} (both from 1 and 0, as the array counts). */
    static Path shardFolder(Path work, int batch, int index) {
        return work.resolve("b" + batch + "-" + index);
    }

    /** Every shard folder of a run of {@code batches} batches, for the live pages. */
    public List<Path> shardFolders(Path work, int batches) {
        List<Path> folders = new ArrayList<>();
        for (int b = 1; b <= batches; b++) {
            for (int i = 0; i < shards; i++) {
                folders.add(shardFolder(work, b, i));
            }
        }
        return folders;
    }

    /**
     * The script that submits every job and prints their ids, one a line, the verify job's last.
     *
     * @param file the competition's tournament file
     * @param out the competition's folder: the merges write it
     * @param work the shards' folders, their outputs and the job ids
     */
    public String script(Path file, Path out, Path work, int batches) {
        String caissaCommand = caissa.stream().map(SlurmRunner::quoted).collect(Collectors.joining(" "));
        String options = sbatch.stream().map(SlurmRunner::quoted).collect(Collectors.joining(" "));
        String f = quoted(file.toAbsolutePath().toString());
        String o = quoted(out.toAbsolutePath().toString());
        String w = work.toAbsolutePath().toString();
        StringBuilder s = new StringBuilder();
        s.append(
                "#!/bin/sh\n# Written by the contest server: the competition's jobs, as the organiser's guide submits them.\n");
        s.append("set -eu\n");
        s.append("prev=\n");
        for (int b = 1; b <= batches; b++) {
            String from = b > 1 ? " --from " + o : "";
            String dep = b > 1 ? " --dependency=afterok:$prev" : "";
            String shard = quoted(w + "/b" + b + "-") + "\\$SLURM_ARRAY_TASK_ID";
            s.append("arr=$(sbatch --parsable ")
                    .append(options)
                    .append(dep)
                    .append(" --array=0-")
                    .append(shards - 1)
                    .append(" -o ")
                    .append(quoted(w + "/slurm-b" + b + "-%a.out"))
                    .append(" --wrap=\"")
                    .append(caissaCommand)
                    .append(" tournament ")
                    .append(f)
                    .append(" --shard auto")
                    .append(from)
                    .append(" --out ")
                    .append(shard)
                    .append("\")\n");
            s.append("echo \"$arr\"\n");
            StringBuilder merged = new StringBuilder();
            for (int i = 0; i < shards; i++) {
                merged.append(' ')
                        .append(quoted(shardFolder(work.toAbsolutePath(), b, i).toString()));
            }
            s.append("prev=$(sbatch --parsable ")
                    .append(options)
                    .append(" --dependency=afterok:$arr")
                    .append(" -o ")
                    .append(quoted(w + "/slurm-merge-b" + b + ".out"))
                    .append(" --wrap=\"")
                    .append(caissaCommand)
                    .append(" merge --out ")
                    .append(o)
                    .append(merged)
                    .append("\")\n");
            s.append("echo \"$prev\"\n");
        }
        s.append("sbatch --parsable ")
                .append(options)
                .append(" --dependency=afterok:$prev")
                .append(" -o ")
                .append(quoted(w + "/slurm-verify.out"))
                .append(" --wrap=\"")
                .append(caissaCommand)
                .append(" verify ")
                .append(o)
                .append(" && touch ")
                .append(quoted(w + "/" + VERIFIED))
                .append("\"\n");
        return s.toString();
    }

    /** Single quotes for the shell, inside the double quotes of {@code --wrap}. */
    private static String quoted(String word) {
        if (word.matches("[A-Za-z0-9_./:=+,@%-]+")) {
            return word;
        }
        return "'" + word.replace("'", "'\\''") + "'";
    }

    /**
     * Submits the jobs (unless the work folder already holds their ids), then waits until none of
     * them is queued or running.
     *
     * @return empty when the verify job marked the folder, else what went wrong in one line
     */
    public Optional<String> run(Path file, Path out, Path work, int batches, Duration poll)
            throws IOException, InterruptedException {
        return run(file, out, work, batches, poll, Map.of());
    }

    /** As above, with variables added to the environment of {@code sbatch} and {@code squeue} (a test's PATH). */
    Optional<String> run(Path file, Path out, Path work, int batches, Duration poll, Map<String, String> env)
            throws IOException, InterruptedException {
        Files.createDirectories(work);
        Path jobs = work.resolve(JOBS);
        if (!Files.exists(jobs)) {
            Path script = work.resolve(SCRIPT);
            AtomicFiles.write(script, script(file, out, work, batches));
            ProcessBuilder builder = new ProcessBuilder("sh", script.toString()).redirectErrorStream(true);
            builder.environment().putAll(env);
            Process submit = builder.start();
            submit.getOutputStream().close();
            String printed = new String(submit.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (submit.waitFor() != 0) {
                return Optional.of("sbatch refused the competition's jobs: " + lastLine(printed));
            }
            AtomicFiles.write(jobs, printed);
        }
        List<String> ids = Files.readAllLines(jobs).stream()
                .map(String::strip)
                .filter(l -> l.matches("[0-9_;a-z.]+"))
                .map(l -> l.split(";")[0])
                .toList();
        while (queued(ids, env)) {
            Thread.sleep(poll.toMillis());
        }
        if (Files.exists(work.resolve(VERIFIED))) {
            return Optional.empty();
        }
        return Optional.of(
                "the competition's SLURM jobs ended without caissa verify agreeing; see the outputs in " + work);
    }

    /**
     * Whether any of the jobs is still known to the queue: squeue lists queued and running jobs
     * only. Through the shell, so that the environment's PATH finds it as it found sbatch.
     */
    private static boolean queued(List<String> ids, Map<String, String> env) throws IOException, InterruptedException {
        for (int attempt = 1; ; attempt++) {
            ProcessBuilder builder = new ProcessBuilder(
                            "sh", "-c", "exec squeue \"$@\"", "squeue", "-h", "-o", "%i", "-j", String.join(",", ids))
                    .redirectErrorStream(true);
            builder.environment().putAll(env);
            Process squeue = builder.start();
            squeue.getOutputStream().close();
            String printed = new String(squeue.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!squeue.waitFor(60, TimeUnit.SECONDS)) {
                squeue.destroyForcibly();
            } else if (squeue.exitValue() == 0) {
                return !printed.isBlank();
            } else if (printed.contains("Invalid job id")) {
                // Jobs long finished leave the controller's memory: none of them waits any more.
                return false;
            }
            if (attempt == 5) {
                throw new IOException("squeue failed 5 times: " + lastLine(printed));
            }
            Thread.sleep(2_000);
        }
    }

    private static String lastLine(String text) {
        String[] lines = text.strip().split("\n");
        return lines[lines.length - 1];
    }
}
