package caissa.arena.sandbox;

import caissa.arena.linux.KernelFiles;
import java.io.File;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The users a root arena's bots run as: each bot that runs at the same time has a uid and gid of
 * its own, so that no bot can signal another (the kernel lets a process signal only its own
 * user's), and a per-user count (processes, inotify instances) counts one bot. The ids come from
 * root's range in {@code /etc/subuid} and {@code /etc/subgid} where both grant one, else from
 * {@link #FIXED_FIRST} on ({@link #FIXED_COUNT} ids), else, in a user namespace that does not map
 * those, from the top of what it maps ({@link #choose}); an id that {@code /etc/passwd} or {@code
 * /etc/group} uses is skipped. An id is a slot claimed with a lock on a file of its own under a
 * folder only root may enter ({@link #CLAIMS}): every arena of the machine, sharded or not, sees
 * the claims of the others, and the kernel drops a lock with its holder, even a killed one.
 *
 * <p>One is the command's ({@link Machine#botUsers}): the ids it holds, the range, the accounts'
 * ids as last read. A command's bots give their ids back before it closes its machine.
 */
public final class BotUsers {

    /** The first of the ids used where root has no subordinate range: high, far from any account's. */
    public static final int FIXED_FIRST = 1_900_000_000;
    /** How many ids the fixed range holds: more than a machine runs bots at once. */
    public static final int FIXED_COUNT = 65_536;
    /** Where the claims live: root's own, in memory, gone at boot. */
    static final Path CLAIMS = Path.of("/run/caissa-arena/bot-ids");

    /** A range of ids: uids from {@code uid}, gids from {@code gid}, {@code count} of each. */
    public record Range(long uid, long gid, int count, String source) {}

    /**
     * One bot's user, claimed until {@link #close}: its uid and gid.
     */
    public static final class User implements AutoCloseable {
        private final int uid;
        private final int gid;
        private final FileChannel claim;
        /** The ids of the arena that claimed this one, which it leaves when given back. */
        private final Set<Long> heldBy;

        private User(int uid, int gid, FileChannel claim, Set<Long> heldBy) {
            this.uid = uid;
            this.gid = gid;
            this.claim = claim;
            this.heldBy = heldBy;
        }

        public int uid() {
            return uid;
        }

        public int gid() {
            return gid;
        }

        /**
         * Kills whatever still runs as this user (a helper a plain bot orphaned), then gives the
         * id back: the next bot that gets it starts with no process of it and a full count.
         */
        @Override
        public void close() {
            close(false);
        }

        /**
         * The same, where {@code released}: the bot ran in a sandbox's PID namespace whose init
         * was seen gone, which the kernel lets happen only once it has reaped every process of the
         * namespace (and a namespace's processes cannot leave it), so that none of this user is
         * left, zombie or not, and the look through /proc, milliseconds of the arena's CPU for
         * each bot, is spared.
         */
        void close(boolean released) {
            boolean clean = released || killAll(uid, ROUNDS);
            try {
                // Nothing runs as the id, zombies included: the next claim need not look; or
                // zombies no init reaps: the next claim looks once, and passes over it.
                claim.write(ByteBuffer.wrap(clean ? CLEAN : LEFTOVERS), 0);
                claim.close();
            } catch (IOException e) {
                // The lock goes with the channel, or with the arena.
            } finally {
                heldBy.remove((long) uid);
            }
        }
    }

    BotUsers() {}

    /**
     * The ids this arena holds. A lock on a file is the process's: closing any other channel of
     * this process on that file drops it (POSIX record locks), so this arena never opens the file
     * of an id it holds, and another arena could otherwise claim the id of a bot still playing
     * here and kill it.
     */
    private final Set<Long> held = ConcurrentHashMap.newKeySet();

    private volatile Range range;

    /** The range the ids come from here: see {@link #choose}. */
    public Range range() {
        Range known = range;
        if (known == null) {
            known = choose(
                    subordinate(Path.of("/etc/subuid")),
                    subordinate(Path.of("/etc/subgid")),
                    extents(Path.of("/proc/self/uid_map")),
                    extents(Path.of("/proc/self/gid_map")));
            range = known;
        }
        return known;
    }

    /** How many ids a range taken from the top of a namespace's map holds. */
    static final int TOP_COUNT = 4096;

    /**
     * The range for bots: root's subordinate ids where both files grant them; else the fixed range
     * where this user namespace maps it (the machine's own namespace maps every id); else, in a
     * namespace that maps fewer (a rootless container's 65536), the top {@value #TOP_COUNT} ids of
     * its largest mapping of both uids and gids, below 65535 (the 16-bit -1).
     *
     * @param uidMap this namespace's {@code uid_map} as {inside, outside, count} rows; {@code gidMap} alike
     */
    static Range choose(Optional<long[]> uids, Optional<long[]> gids, List<long[]> uidMap, List<long[]> gidMap) {
        if (uids.isPresent() && gids.isPresent()) {
            int count = (int) Math.min(Math.min(uids.get()[1], gids.get()[1]), FIXED_COUNT);
            return new Range(uids.get()[0], gids.get()[0], count, "root's range in /etc/subuid and /etc/subgid");
        }
        if (uidMap.isEmpty() || covers(uidMap, FIXED_FIRST, FIXED_COUNT) && covers(gidMap, FIXED_FIRST, FIXED_COUNT)) {
            return new Range(FIXED_FIRST, FIXED_FIRST, FIXED_COUNT, "the arena's fixed range");
        }
        long top = Math.min(Math.min(end(uidMap), end(gidMap)), 65_535);
        long first = Math.max(1000, top - TOP_COUNT);
        if (top > first && covers(uidMap, first, (int) (top - first)) && covers(gidMap, first, (int) (top - first))) {
            return new Range(first, first, (int) (top - first), "the top of this user namespace's ids");
        }
        return new Range(FIXED_FIRST, FIXED_FIRST, FIXED_COUNT, "the arena's fixed range");
    }

    /** Where the largest mapped extent of a map ends (exclusive), inside the namespace. */
    private static long end(List<long[]> map) {
        return map.stream()
                .max(Comparator.comparingLong(row -> row[2]))
                .map(row -> row[0] + row[2])
                .orElse(0L);
    }

    private static boolean covers(List<long[]> map, long first, int count) {
        return map.stream().anyMatch(row -> row[0] <= first && first + count <= row[0] + row[2]);
    }

    /** The rows of a {@code uid_map} or {@code gid_map}; none where it cannot be read (no /proc). */
    static List<long[]> extents(Path map) {
        List<long[]> rows = new ArrayList<>();
        try {
            for (String line : Files.readAllLines(map)) {
                String[] f = line.strip().split("\\s+");
                if (f.length == 3) {
                    rows.add(new long[] {Long.parseLong(f[0]), Long.parseLong(f[1]), Long.parseLong(f[2])});
                }
            }
        } catch (IOException | NumberFormatException e) {
            // Not Linux, or no /proc.
        }
        return rows;
    }

    /** The first and count of root's line ({@code root:FIRST:COUNT} or {@code 0:FIRST:COUNT}) in such a file. */
    static Optional<long[]> subordinate(Path file) {
        try {
            for (String line : Files.readAllLines(file)) {
                String[] fields = line.strip().split(":");
                if (fields.length == 3 && (fields[0].equals("root") || fields[0].equals("0"))) {
                    long first = Long.parseLong(fields[1]);
                    long count = Long.parseLong(fields[2]);
                    // Above every account, below 2^31 (an int for the JDK), and not the invalid (uid_t) -1.
                    if (first >= 1000 && count > 0 && first + count < Integer.MAX_VALUE) {
                        return Optional.of(new long[] {first, count});
                    }
                }
            }
        } catch (IOException | NumberFormatException e) {
            // No such file, or a line the arena does not read: no range.
        }
        return Optional.empty();
    }

    /**
     * Whether this user namespace maps the range's ids (a container maps only what it was given),
     * as {@code /proc/self/uid_map} and {@code gid_map} say.
     */
    public boolean mapped() {
        Range r = range();
        return covers(extents(Path.of("/proc/self/uid_map")), r.uid(), r.count())
                && covers(extents(Path.of("/proc/self/gid_map")), r.gid(), r.count());
    }

    /**
     * Claims the first free id of the range for one bot, with every process still running as it
     * (from an arena killed before it gave the id back) killed first; an id its last holder gave
     * back clean ({@link User#close}) is taken without that look.
     *
     * @throws ArenaFilesException when the claims' folder cannot be made or every id is taken: the arena's failure
     */
    public User claim() {
        Range r = range();
        Path folder = claims();
        Set<Long> uidsInUse = accountUids.get();
        Set<Long> gidsInUse = accountGids.get();
        for (int slot = 0; slot < r.count(); slot++) {
            long uid = r.uid() + slot;
            long gid = r.gid() + slot;
            if (uidsInUse.contains(uid) || gidsInUse.contains(gid)) {
                continue;
            }
            if (!held.add(uid)) {
                continue;
            }
            Path file = folder.resolve(Long.toString(uid));
            FileChannel channel = null;
            boolean claimed = false;
            try {
                channel = FileChannel.open(
                        file,
                        StandardOpenOption.CREATE,
                        StandardOpenOption.READ,
                        StandardOpenOption.WRITE,
                        LinkOption.NOFOLLOW_LINKS);
                FileLock lock = channel.tryLock();
                if (lock != null) {
                    byte[] mark = mark(channel);
                    // Truncated before the bot starts: an arena killed while it plays leaves no mark.
                    channel.truncate(0);
                    if (!Arrays.equals(mark, CLEAN) && !killAll(uid, Arrays.equals(mark, LEFTOVERS) ? 1 : ROUNDS)) {
                        // Processes the kernel still counts against this id's RLIMIT_NPROC (a
                        // fork burst's zombies not yet reaped by init): a bot would start short
                        // of its process limit, so the next id serves.
                        channel.close();
                        continue;
                    }
                    claimed = true;
                    return new User((int) uid, (int) gid, channel, held);
                }
                channel.close();
            } catch (IOException e) {
                closeQuietly(channel);
                throw new ArenaFilesException(file, e);
            } finally {
                if (!claimed) {
                    held.remove(uid);
                }
            }
        }
        throw new ArenaFilesException(
                folder, new IOException("every one of the " + r.count() + " ids for bots is taken"));
    }

    /**
     * The marks a holder leaves in an id's file as it gives the id back: nothing ran as it any
     * more (its look found no process, zombies included), or something still did that it could
     * not end (zombies that no init reaps: the kernel counts them against the id's process
     * limit). Anything else (no mark: a holder that was killed, or a claim from before the marks)
     * makes the next claim look, and end what it finds, as long as it takes.
     */
    private static final byte[] CLEAN = "clean\n".getBytes(StandardCharsets.US_ASCII);

    private static final byte[] LEFTOVERS = "leftovers\n".getBytes(StandardCharsets.US_ASCII);

    /** How many times a look ends what it finds and looks again before it gives up. */
    private static final int ROUNDS = 20;

    /** The mark in an id's file: its first bytes, at most one more than the longest mark. */
    private static byte[] mark(FileChannel channel) throws IOException {
        ByteBuffer read = ByteBuffer.allocate(LEFTOVERS.length + 1);
        while (read.hasRemaining() && channel.read(read, read.position()) > 0) {
            // Until the buffer is full or the file ends.
        }
        return Arrays.copyOf(read.array(), read.position());
    }

    private static void closeQuietly(FileChannel channel) {
        if (channel != null) {
            try {
                channel.close();
            } catch (IOException e) {
                // Nothing held.
            }
        }
    }

    /** Whether the claims' folder was made or found root's own, once for this arena. */
    private volatile boolean claimsChecked;

    /** The claims' folder, root's own (made so, and refused when someone else's or a link). */
    private Path claims() {
        if (claimsChecked && Files.isDirectory(CLAIMS, LinkOption.NOFOLLOW_LINKS)) {
            return CLAIMS;
        }
        try {
            Files.createDirectories(
                    CLAIMS.getParent(),
                    PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
            if (!Files.isDirectory(CLAIMS, LinkOption.NOFOLLOW_LINKS)) {
                Files.createDirectory(
                        CLAIMS, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
            }
            for (Path dir : List.of(CLAIMS.getParent(), CLAIMS)) {
                if (Files.isSymbolicLink(dir)
                        || !Integer.valueOf(0).equals(Files.getAttribute(dir, "unix:uid", LinkOption.NOFOLLOW_LINKS))) {
                    throw new IOException("not a folder of root's own");
                }
                Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwx------"));
            }
            claimsChecked = true;
            return CLAIMS;
        } catch (IOException | UnsupportedOperationException e) {
            throw new ArenaFilesException(CLAIMS, e instanceof IOException io ? io : new IOException(e.getMessage()));
        }
    }

    /** The ids accounts use, read again only when their file changed (a claim for every bot reads them). */
    private final AccountIds accountUids = new AccountIds(Path.of("/etc/passwd"));

    private final AccountIds accountGids = new AccountIds(Path.of("/etc/group"));

    /** An account file's ids, kept with the modification time and size they were read at. */
    private static final class AccountIds {
        private final Path file;
        private Object readAt;
        private Set<Long> ids;

        AccountIds(Path file) {
            this.file = file;
        }

        synchronized Set<Long> get() {
            Object now;
            try {
                now = List.of(Files.getLastModifiedTime(file), Files.size(file));
            } catch (IOException e) {
                now = "absent";
            }
            if (ids == null || !now.equals(readAt)) {
                ids = accountIds(file);
                readAt = now;
            }
            return ids;
        }
    }

    /** The ids (third field) of an account file, {@code /etc/passwd} or {@code /etc/group}. */
    static Set<Long> accountIds(Path file) {
        Set<Long> ids = new HashSet<>();
        try {
            for (String line : Files.readAllLines(file)) {
                String[] fields = line.split(":");
                if (fields.length > 2) {
                    try {
                        ids.add(Long.parseLong(fields[2]));
                    } catch (NumberFormatException e) {
                        // A comment or a broken line.
                    }
                }
            }
        } catch (IOException e) {
            // No such file: no account to avoid.
        }
        return ids;
    }

    /**
     * Kills every process whose real user is {@code uid}, over again until none is left (true; false
     * when some are still there after {@value #ROUNDS} rounds, zombies not yet reaped among them): the
     * process limit of that user ({@code RLIMIT_NPROC}) bounds how many a round can meet.
     */
    static boolean killAll(long uid) {
        return killAll(uid, ROUNDS);
    }

    private static boolean killAll(long uid, int rounds) {
        for (int round = 0; round < rounds; round++) {
            List<Long> found = processesOf(uid);
            if (found.isEmpty()) {
                return true;
            }
            found.forEach(pid -> ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly));
            if (round > 0) {
                // What is left may be zombies that only their new parent (init) can reap.
                try {
                    Thread.sleep(5);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return false;
                }
            }
        }
        return false;
    }

    /** The processes whose real user is {@code uid}, from /proc. */
    static List<Long> processesOf(long uid) {
        String[] names = new File("/proc").list();
        if (names == null) {
            return List.of();
        }
        ArrayList<Long> pids = new ArrayList<>();
        for (String name : names) {
            if (!name.chars().allMatch(Character::isDigit)) {
                continue;
            }
            try {
                for (String line :
                        KernelFiles.read(Path.of("/proc", name, "status")).split("\n")) {
                    if (line.startsWith("Uid:")) {
                        String[] f = line.substring(4).strip().split("\\s+");
                        if (Long.parseLong(f[0]) == uid) {
                            pids.add(Long.parseLong(name));
                        }
                        break;
                    }
                }
            } catch (IOException | RuntimeException e) {
                // Gone meanwhile.
            }
        }
        return pids;
    }
}
