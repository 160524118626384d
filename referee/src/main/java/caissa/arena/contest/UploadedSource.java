package caissa.arena.contest;

import caissa.arena.sandbox.ResourceLimits;
import caissa.arena.submission.SourceBuild.Recipe;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveInputStream;
import org.apache.commons.compress.archivers.zip.ZipArchiveEntry;
import org.apache.commons.compress.archivers.zip.ZipFile;
import org.apache.commons.compress.compressors.gzip.GzipCompressorInputStream;

/**
 * A participant's upload, checked and unpacked: one source file, or a zip or tar.gz archive of
 * several. Every check is made while the bytes stream in or while the archive is read, never by
 * trusting what the archive declares (a size, a count): an upload over the cap is refused at the
 * first byte too many, an archive that unpacks to more than the cap at the first byte too many.
 * An upload that passes lies in a folder of its own, its files readable by all and nothing else
 * (no link, no device), ready to be renamed into the submission's folder; one that is refused
 * leaves nothing behind.
 *
 * @param folder the unpacked files (for a single file: that file alone)
 * @param fileName the name the participant's file had
 * @param language the contest language it is written in
 * @param bytes the upload's size, as uploaded
 * @param sha256 the upload's SHA-256, in hex
 * @param files every file, relative to {@code folder}, sorted
 * @param sources the language's sources among them, sorted
 * @param main the main file, relative to {@code folder}
 */
public record UploadedSource(
        Path folder,
        String fileName,
        Recipe language,
        long bytes,
        String sha256,
        List<String> files,
        List<String> sources,
        String main) {

    public UploadedSource {
        files = List.copyOf(files);
        sources = List.copyOf(sources);
    }

    /** The contest's caps on an upload. */
    public record Caps(long maxUploadBytes, int maxFiles, long maxUnpackedBytes) {}

    /** What became of an upload: accepted, or refused for one reason in one line. */
    public sealed interface Received {
        record Accepted(UploadedSource source) implements Received {}

        record Refused(String reason) implements Received {}
    }

    /** The longest file or path name an upload may hold. */
    static final int MAX_NAME_LENGTH = 255;

    /** A refusal found deep inside the reading; never escapes {@link #receive}. */
    private static final class Refusal extends Exception {
        Refusal(String reason) {
            super(reason, null, false, false);
        }
    }

    /**
     * Reads an upload to its end (or to the first byte over the cap), checks it and unpacks it
     * into a new folder under {@code temporaryParent}.
     *
     * @param fileName the upload's file name, as the participant's browser or {@code caissa submit} sent it
     * @param chosen the language the participant chose by name, or empty to detect it from the extensions
     * @param languages the contest's languages
     */
    public static Received receive(
            String fileName,
            InputStream content,
            Optional<String> chosen,
            List<Recipe> languages,
            Caps caps,
            Path temporaryParent)
            throws IOException {
        Files.createDirectories(temporaryParent);
        Path work = Files.createTempDirectory(temporaryParent, "upload-");
        boolean kept = false;
        try {
            UploadedSource source = unpack(fileName, content, chosen, languages, caps, work);
            kept = true;
            return new Received.Accepted(source);
        } catch (Refusal refusal) {
            return new Received.Refused(refusal.getMessage());
        } finally {
            if (!kept) {
                deleteTree(work);
            }
        }
    }

    private static UploadedSource unpack(
            String fileName, InputStream content, Optional<String> chosen, List<Recipe> languages, Caps caps, Path work)
            throws IOException, Refusal {
        String name = plainName(fileName);
        Optional<Recipe> asked = Optional.empty();
        if (chosen.isPresent() && !chosen.get().isBlank()) {
            asked = Optional.of(languages.stream()
                    .filter(l -> l.name().equalsIgnoreCase(chosen.get().strip()))
                    .findFirst()
                    .orElseThrow(() -> new Refusal("unknown language '" + printable(chosen.get())
                            + "': the contest takes " + describe(languages))));
        }
        Path raw = work.resolve("upload.raw");
        long bytes;
        String sha256;
        MessageDigest digest = newDigest();
        try (OutputStream out = Files.newOutputStream(raw)) {
            bytes = copyCapped(
                    new DigestInputStream(content, digest),
                    out,
                    caps.maxUploadBytes(),
                    "the upload is larger than the contest's cap of " + sizeText(caps.maxUploadBytes()));
        }
        sha256 = HexFormat.of().formatHex(digest.digest());
        if (bytes == 0) {
            throw new Refusal(name + " is empty");
        }
        Path folder = Files.createDirectory(work.resolve("upload"));
        open(folder, true);
        Kind kind = Kind.of(name);
        List<String> files = switch (kind) {
            case ZIP -> unzip(name, raw, folder, caps);
            case TAR_GZ -> untar(name, raw, folder, caps);
            case FILE -> {
                Path target = folder.resolve(name);
                Files.move(raw, target);
                open(target, false);
                yield List.of(name);
            }
        };
        Files.deleteIfExists(raw);
        if (kind != Kind.FILE) {
            if (files.isEmpty()) {
                throw new Refusal(name + " holds no file");
            }
            files = withoutCommonFolder(folder, files);
        }
        Recipe language = asked.isPresent() ? asked.get() : detect(name, kind, files, languages);
        List<String> sources =
                files.stream().filter(language::isSource).sorted().toList();
        if (sources.isEmpty()) {
            throw new Refusal(
                    kind == Kind.FILE
                            ? "wrong language: " + name + " is not a " + language.name() + " source ("
                                    + extensions(language) + ")"
                            : name + " holds no " + language.name() + " source (" + extensions(language) + ")");
        }
        String main;
        if (kind == Kind.FILE) {
            main = name;
        } else if (language.main().isPresent()) {
            main = language.main().get();
            if (!files.contains(main)) {
                throw new Refusal(name + " has no " + main + ": a " + language.name() + " archive needs its main file "
                        + main + " at its top");
            }
        } else {
            main = sources.get(0);
        }
        return new UploadedSource(folder, name, language, bytes, sha256, files, sources, main);
    }

    private enum Kind {
        FILE,
        ZIP,
        TAR_GZ;

        static Kind of(String name) {
            String lower = name.toLowerCase(Locale.ROOT);
            if (lower.endsWith(".zip")) {
                return ZIP;
            }
            if (lower.endsWith(".tar.gz") || lower.endsWith(".tgz")) {
                return TAR_GZ;
            }
            return FILE;
        }
    }

    /** The language the files are written in, when the participant did not say. */
    private static Recipe detect(String name, Kind kind, List<String> files, List<Recipe> languages) throws Refusal {
        List<Recipe> found = languages.stream()
                .filter(l -> files.stream().anyMatch(l::isSource))
                .toList();
        if (found.size() == 1) {
            return found.get(0);
        }
        if (found.isEmpty()) {
            throw new Refusal(
                    "unknown language: " + (kind == Kind.FILE ? name + " is" : name + " holds") + " no source of "
                            + describe(languages) + "; name the file by its language or choose the language");
        }
        throw new Refusal(name + " holds sources of " + found.size() + " languages ("
                + found.stream().map(Recipe::name).collect(Collectors.joining(", ")) + "): choose the language");
    }

    private static String describe(List<Recipe> languages) {
        return languages.stream()
                .map(l -> l.name() + " (" + extensions(l) + ")")
                .collect(Collectors.joining(", "));
    }

    private static String extensions(Recipe language) {
        return language.extensions().stream().map(e -> "." + e).collect(Collectors.joining(" "));
    }

    /** The upload's own name: one plain file name, printable. */
    private static String plainName(String fileName) throws Refusal {
        if (fileName == null || fileName.isBlank()) {
            throw new Refusal("the upload has no file name");
        }
        // Browsers on some systems send the whole path; the name is its last part.
        String name = fileName.substring(Math.max(fileName.lastIndexOf('/'), fileName.lastIndexOf('\\')) + 1);
        checkName("the file name '" + printable(fileName) + "'", name);
        if (name.equals(".") || name.equals("..") || name.isEmpty()) {
            throw new Refusal("the file name '" + printable(fileName) + "' is not a file's name");
        }
        return name;
    }

    private static void checkName(String what, String name) throws Refusal {
        if (name.length() > MAX_NAME_LENGTH) {
            throw new Refusal(what + " is longer than " + MAX_NAME_LENGTH + " characters");
        }
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (Character.isISOControl(c) || c == '\uFFFD') {
                throw new Refusal(what + " holds a control character");
            }
        }
    }

    /** An archive entry's path, checked: valid UTF-8, relative, without {@code ..}, printable. */
    private static String entryPath(String archive, byte[] raw, boolean directory) throws Refusal {
        String path;
        try {
            path = StandardCharsets.UTF_8
                    .newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(raw))
                    .toString();
        } catch (CharacterCodingException e) {
            throw new Refusal(archive + ": the name '"
                    + new String(raw, StandardCharsets.UTF_8)
                            .replace('\uFFFD', '?')
                            .chars()
                            .mapToObj(c -> Character.isISOControl(c) ? "?" : String.valueOf((char) c))
                            .collect(Collectors.joining())
                    + "' is not valid UTF-8");
        }
        String shown = archive + ": '" + printable(path) + "'";
        if (path.startsWith("/") || path.matches("^[A-Za-z]:[/\\\\].*") || path.startsWith("\\")) {
            throw new Refusal(shown + " is an absolute path");
        }
        checkName(shown, path);
        List<String> parts = new ArrayList<>();
        for (String part : path.split("[/\\\\]")) {
            if (part.equals("..")) {
                throw new Refusal(shown + " goes up with '..' out of the archive's folder");
            }
            if (!part.isEmpty() && !part.equals(".")) {
                parts.add(part);
            }
        }
        if (parts.isEmpty() && !directory) {
            throw new Refusal(shown + " is not a file's name");
        }
        return String.join("/", parts);
    }

    private static List<String> unzip(String name, Path raw, Path folder, Caps caps) throws IOException, Refusal {
        Unpacked unpacked = new Unpacked(name, folder, caps);
        ZipFile zip;
        try {
            zip = ZipFile.builder()
                    .setPath(raw)
                    .setCharset(StandardCharsets.UTF_8)
                    .setUseUnicodeExtraFields(false)
                    .get();
        } catch (IOException e) {
            throw new Refusal(name + " is not a zip archive (" + oneLine(e) + ")");
        }
        try (zip) {
            for (ZipArchiveEntry entry : (Iterable<ZipArchiveEntry>)
                    () -> zip.getEntriesInPhysicalOrder().asIterator()) {
                String path = entryPath(name, entry.getRawName(), entry.isDirectory());
                int type = entry.getPlatform() == ZipArchiveEntry.PLATFORM_UNIX ? entry.getUnixMode() & 0170000 : 0;
                if (entry.isUnixSymlink()) {
                    throw new Refusal(
                            name + ": '" + printable(path) + "' is a link; an upload holds files and folders only");
                }
                if (type != 0 && type != 0100000 && type != 0040000) {
                    throw new Refusal(name + ": '" + printable(path) + "' is a device or other special file;"
                            + " an upload holds files and folders only");
                }
                if (entry.isDirectory()) {
                    unpacked.folder(path);
                    continue;
                }
                if (!zip.canReadEntryData(entry)) {
                    throw new Refusal(name + ": '" + printable(path) + "' is stored in a way that cannot be read"
                            + " (encrypted or an unusual compression)");
                }
                try (InputStream in = zip.getInputStream(entry)) {
                    unpacked.file(path, in);
                }
            }
        } catch (IOException e) {
            throw new Refusal(name + " is not a readable zip archive (" + oneLine(e) + ")");
        }
        return unpacked.files();
    }

    private static List<String> untar(String name, Path raw, Path folder, Caps caps) throws IOException, Refusal {
        Unpacked unpacked = new Unpacked(name, folder, caps);
        // ISO-8859-1 maps each byte of a name to one character: the raw bytes are checked as UTF-8 below.
        try (InputStream file = Files.newInputStream(raw);
                TarArchiveInputStream tar =
                        new TarArchiveInputStream(new GzipCompressorInputStream(file), "ISO-8859-1")) {
            for (TarArchiveEntry entry = tar.getNextEntry(); entry != null; entry = tar.getNextEntry()) {
                String path =
                        entryPath(name, entry.getName().getBytes(StandardCharsets.ISO_8859_1), entry.isDirectory());
                if (entry.isSymbolicLink() || entry.isLink()) {
                    throw new Refusal(
                            name + ": '" + printable(path) + "' is a link; an upload holds files and folders only");
                }
                if (entry.isCharacterDevice()
                        || entry.isBlockDevice()
                        || entry.isFIFO()
                        || !(entry.isFile() || entry.isDirectory())) {
                    throw new Refusal(name + ": '" + printable(path) + "' is a device or other special file;"
                            + " an upload holds files and folders only");
                }
                if (entry.isDirectory()) {
                    unpacked.folder(path);
                } else {
                    unpacked.file(path, tar);
                }
            }
        } catch (IOException e) {
            throw new Refusal(name + " is not a readable tar.gz archive (" + oneLine(e) + ")");
        }
        return unpacked.files();
    }

    /** The files written so far, with the caps on their number and their bytes. */
    private static final class Unpacked {
        private final String archive;
        private final Path folder;
        private final Caps caps;
        private final TreeSet<String> files = new TreeSet<>();
        private final TreeSet<String> folders = new TreeSet<>();
        private long bytes;

        Unpacked(String archive, Path folder, Caps caps) {
            this.archive = archive;
            this.folder = folder;
            this.caps = caps;
        }

        void folder(String path) throws IOException, Refusal {
            if (path.isEmpty()) {
                return;
            }
            if (files.contains(path)) {
                throw new Refusal(archive + ": '" + printable(path) + "' is both a file and a folder");
            }
            Path dir = folder;
            StringBuilder sofar = new StringBuilder();
            for (String part : path.split("/")) {
                sofar.append(sofar.length() == 0 ? "" : "/").append(part);
                if (files.contains(sofar.toString())) {
                    throw new Refusal(archive + ": '" + printable(sofar.toString()) + "' is both a file and a folder");
                }
                dir = dir.resolve(part);
                if (!folders.contains(sofar.toString()) && folders.size() >= caps.maxFiles()) {
                    throw new Refusal(
                            archive + " holds more than the contest's cap of " + caps.maxFiles() + " folders");
                }
                if (folders.add(sofar.toString())) {
                    Files.createDirectories(dir);
                    open(dir, true);
                }
            }
        }

        void file(String path, InputStream in) throws IOException, Refusal {
            if (files.contains(path) || folders.contains(path)) {
                throw new Refusal(archive + ": '" + printable(path) + "' appears twice");
            }
            if (files.size() >= caps.maxFiles()) {
                throw new Refusal(archive + " holds more than the contest's cap of " + caps.maxFiles() + " files");
            }
            int slash = path.lastIndexOf('/');
            if (slash > 0) {
                folder(path.substring(0, slash));
            }
            files.add(path);
            Path target = folder.resolve(path);
            try (OutputStream out = Files.newOutputStream(target)) {
                bytes += copyCapped(
                        in,
                        out,
                        caps.maxUnpackedBytes() - bytes,
                        archive + " unpacks to more than the contest's" + " cap of "
                                + sizeText(caps.maxUnpackedBytes()));
            }
            open(target, false);
        }

        List<String> files() {
            return List.copyOf(files);
        }
    }

    /**
     * An archive whose files all lie in one folder (as zipping a folder makes it) is taken from
     * inside that folder, so that its main file is found at the top.
     */
    private static List<String> withoutCommonFolder(Path folder, List<String> files) throws IOException {
        String first = files.get(0);
        int slash = first.indexOf('/');
        if (slash < 0) {
            return files;
        }
        String top = first.substring(0, slash + 1);
        if (!files.stream().allMatch(f -> f.startsWith(top))) {
            return files;
        }
        Path inner = folder.resolve(top.substring(0, slash));
        Path moved = folder.resolveSibling("upload-inner");
        Files.move(inner, moved);
        deleteTree(folder);
        Files.move(moved, folder);
        return files.stream().map(f -> f.substring(top.length())).toList();
    }

    /** Copies at most {@code cap} bytes; one byte more is a refusal at once, before the rest is read. */
    private static long copyCapped(InputStream in, OutputStream out, long cap, String tooLarge)
            throws IOException, Refusal {
        byte[] buffer = new byte[16 * 1024];
        long total = 0;
        for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
            total += n;
            if (total > cap) {
                throw new Refusal(tooLarge);
            }
            out.write(buffer, 0, n);
        }
        return total;
    }

    /** Files readable by all and folders open to all: the sandbox runs the build as nobody. */
    private static void open(Path path, boolean folder) throws IOException {
        Files.setPosixFilePermissions(path, PosixFilePermissions.fromString(folder ? "rwxr-xr-x" : "rw-r--r--"));
    }

    private static MessageDigest newDigest() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java has SHA-256", e);
        }
    }

    static String sizeText(long bytes) {
        return ResourceLimits.bytes(bytes);
    }

    /** A participant's text, safe in a one-line message: control characters shown as {@code ?}. */
    private static String printable(String text) {
        String shown = text.chars()
                .mapToObj(c -> Character.isISOControl(c) ? "?" : String.valueOf((char) c))
                .collect(Collectors.joining());
        return shown.length() > 80 ? shown.substring(0, 80) + "…" : shown;
    }

    private static String oneLine(IOException e) {
        String message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        return message.lines().findFirst().orElse("").strip();
    }

    /** Removes a folder and all it holds; used on this class's own temporary folders only. */
    static void deleteTree(Path root) {
        if (!Files.exists(root, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(root)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot remove " + root, e);
        }
    }
}
