package caissa.arena.contest;

import static org.assertj.core.api.Assertions.assertThat;

import caissa.arena.submission.SourceBuild.Recipe;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveOutputStream;
import org.apache.commons.compress.archivers.tar.TarConstants;
import org.apache.commons.compress.archivers.zip.ZipArchiveEntry;
import org.apache.commons.compress.archivers.zip.ZipArchiveOutputStream;
import org.apache.commons.compress.compressors.gzip.GzipCompressorOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class UploadedSourceTest {

    static final Recipe C = new Recipe(
            "C",
            List.of("c"),
            Optional.empty(),
            List.of("gcc", "-O2", "-o", "bot", "{sources}", "-lm"),
            List.of("./bot"));
    static final Recipe PYTHON = new Recipe(
            "Python",
            List.of("py"),
            Optional.of("main.py"),
            List.of("python3", "-m", "py_compile", "{sources}"),
            List.of("python3", "{main}"));
    static final List<Recipe> LANGUAGES = List.of(C, PYTHON);
    static final UploadedSource.Caps CAPS = new UploadedSource.Caps(4096, 5, 10_000);

    @TempDir
    Path temp;

    /** One entry of a test archive: its name's raw bytes, its content, its kind. */
    record Entry(byte[] name, byte[] content, char type, int mode) {
        static Entry file(String name, String content) {
            return new Entry(
                    name.getBytes(StandardCharsets.UTF_8), content.getBytes(StandardCharsets.UTF_8), '0', 0100644);
        }

        static Entry of(String name, char type, int mode) {
            return new Entry(name.getBytes(StandardCharsets.UTF_8), new byte[0], type, mode);
        }
    }

    static byte[] zip(Entry... entries) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ZipArchiveOutputStream zip = new ZipArchiveOutputStream(bytes)) {
            // Byte for byte: a name that is not UTF-8 is written as it is.
            zip.setEncoding("ISO-8859-1");
            zip.setUseLanguageEncodingFlag(false);
            for (Entry e : entries) {
                ZipArchiveEntry entry = new ZipArchiveEntry(
                        new String(e.name(), StandardCharsets.ISO_8859_1) + (e.type() == '5' ? "/" : ""));
                entry.setUnixMode(e.mode());
                zip.putArchiveEntry(entry);
                zip.write(e.type() == '2' ? "target.c".getBytes(StandardCharsets.UTF_8) : e.content());
                zip.closeArchiveEntry();
            }
        }
        return bytes.toByteArray();
    }

    static byte[] tarGz(Entry... entries) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (TarArchiveOutputStream tar =
                new TarArchiveOutputStream(new GzipCompressorOutputStream(bytes), "ISO-8859-1")) {
            tar.setLongFileMode(TarArchiveOutputStream.LONGFILE_POSIX);
            for (Entry e : entries) {
                TarArchiveEntry entry =
                        new TarArchiveEntry(new String(e.name(), StandardCharsets.ISO_8859_1), (byte) e.type(), true);
                if (e.type() == TarConstants.LF_SYMLINK || e.type() == TarConstants.LF_LINK) {
                    entry.setLinkName("target.c");
                }
                entry.setSize(e.type() == '0' ? e.content().length : 0);
                tar.putArchiveEntry(entry);
                if (e.type() == '0') {
                    tar.write(e.content());
                }
                tar.closeArchiveEntry();
            }
        }
        return bytes.toByteArray();
    }

    UploadedSource.Received receive(String name, byte[] content, String language) throws IOException {
        return UploadedSource.receive(
                name,
                new ByteArrayInputStream(content),
                Optional.ofNullable(language),
                LANGUAGES,
                CAPS,
                temp.resolve("tmp"));
    }

    @Test
    void aSingleSourceIsTakenWithItsLanguageFromItsExtension() throws IOException {
        UploadedSource.Received received =
                receive("bot.c", "int main(void) { return 0; }\n".getBytes(StandardCharsets.UTF_8), null);
        UploadedSource source = ((UploadedSource.Received.Accepted) received).source();
        assertThat(source.language().name()).isEqualTo("C");
        assertThat(source.files()).containsExactly("bot.c");
        assertThat(source.main()).isEqualTo("bot.c");
        assertThat(source.bytes()).isEqualTo(29);
        assertThat(source.sha256()).hasSize(64);
        assertThat(Files.readString(source.folder().resolve("bot.c"))).startsWith("int main");
    }

    @Test
    void anArchiveIsUnpackedWithItsFoldersAndItsMainFile() throws IOException {
        byte[] archive = zip(
                Entry.file("bot/main.py", "import helper\n"),
                Entry.file("bot/lib/helper.py", "X = 1\n"),
                Entry.file("bot/README", "notes\n"));
        UploadedSource source = ((UploadedSource.Received.Accepted) receive("bot.zip", archive, null)).source();
        assertThat(source.language().name()).isEqualTo("Python");
        assertThat(source.files()).containsExactly("README", "lib/helper.py", "main.py");
        assertThat(source.sources()).containsExactly("lib/helper.py", "main.py");
        assertThat(source.main()).isEqualTo("main.py");
        assertThat(Files.readString(source.folder().resolve("lib/helper.py"))).isEqualTo("X = 1\n");

        byte[] tar =
                tarGz(Entry.of("src", '5', 040755), Entry.file("src/a.c", "int a;\n"), Entry.file("b.c", "int b;\n"));
        UploadedSource c = ((UploadedSource.Received.Accepted) receive("bot.tar.gz", tar, "c")).source();
        assertThat(c.language().name()).isEqualTo("C");
        assertThat(c.sources()).containsExactly("b.c", "src/a.c");
    }

    static Stream<Arguments> refusals() throws IOException {
        byte[] notUtf8 = {'b', (byte) 0xff, '.', 'c'};
        return Stream.of(
                Arguments.of(
                        "over the cap",
                        "bot.c",
                        new byte[4097],
                        null,
                        "the upload is larger than the contest's cap of 4 KiB"),
                Arguments.of("empty", "bot.c", new byte[0], null, "bot.c is empty"),
                Arguments.of(
                        "unknown extension",
                        "bot.rs",
                        bytes("fn main() {}"),
                        null,
                        "unknown language: bot.rs is no source of C (.c), Python (.py)"),
                Arguments.of(
                        "unknown language",
                        "bot.c",
                        bytes("int x;"),
                        "Rust",
                        "unknown language 'Rust': the contest takes C (.c), Python (.py)"),
                Arguments.of(
                        "wrong language",
                        "bot.c",
                        bytes("int x;"),
                        "Python",
                        "wrong language: bot.c is not a Python source (.py)"),
                Arguments.of(
                        "zip with ..",
                        "bot.zip",
                        zip(Entry.file("../evil.c", "x")),
                        null,
                        "bot.zip: '../evil.c' goes up with '..'"),
                Arguments.of(
                        "tar with ..",
                        "bot.tar.gz",
                        tarGz(Entry.file("a/../../evil.c", "x")),
                        null,
                        "goes up with '..'"),
                Arguments.of(
                        "zip absolute",
                        "bot.zip",
                        zip(Entry.file("/etc/evil.c", "x")),
                        null,
                        "bot.zip: '/etc/evil.c' is an absolute path"),
                Arguments.of(
                        "tar absolute",
                        "bot.tgz",
                        tarGz(Entry.file("/tmp/evil.c", "x")),
                        null,
                        "bot.tgz: '/tmp/evil.c' is an absolute path"),
                Arguments.of(
                        "zip symlink",
                        "bot.zip",
                        zip(Entry.file("a.c", "x"), Entry.of("link.c", '2', 0120777)),
                        null,
                        "bot.zip: 'link.c' is a link"),
                Arguments.of(
                        "tar symlink",
                        "bot.tar.gz",
                        tarGz(Entry.file("a.c", "x"), Entry.of("link.c", (char) TarConstants.LF_SYMLINK, 0120777)),
                        null,
                        "bot.tar.gz: 'link.c' is a link"),
                Arguments.of(
                        "tar hard link",
                        "bot.tar.gz",
                        tarGz(Entry.file("a.c", "x"), Entry.of("hard.c", (char) TarConstants.LF_LINK, 0100644)),
                        null,
                        "bot.tar.gz: 'hard.c' is a link"),
                Arguments.of(
                        "tar device",
                        "bot.tar.gz",
                        tarGz(Entry.of("dev.c", (char) TarConstants.LF_CHR, 020644)),
                        null,
                        "bot.tar.gz: 'dev.c' is a device"),
                Arguments.of(
                        "tar fifo",
                        "bot.tar.gz",
                        tarGz(Entry.of("fifo.c", (char) TarConstants.LF_FIFO, 010644)),
                        null,
                        "bot.tar.gz: 'fifo.c' is a device"),
                Arguments.of(
                        "zip device",
                        "bot.zip",
                        zip(Entry.of("dev.c", '0', 0020644)),
                        null,
                        "bot.zip: 'dev.c' is a device"),
                Arguments.of(
                        "too many files",
                        "bot.zip",
                        zip(
                                Entry.file("1.c", "x"),
                                Entry.file("2.c", "x"),
                                Entry.file("3.c", "x"),
                                Entry.file("4.c", "x"),
                                Entry.file("5.c", "x"),
                                Entry.file("6.c", "x")),
                        null,
                        "bot.zip holds more than the contest's cap of 5 files"),
                Arguments.of(
                        "too many bytes unpacked",
                        "bot.tar.gz",
                        tarGz(Entry.file("big.c", "x".repeat(10_001))),
                        null,
                        "bot.tar.gz unpacks to more than the contest's cap of 9.8 KiB"),
                Arguments.of(
                        "too many bytes over several files",
                        "bot.zip",
                        zip(Entry.file("a.c", "x".repeat(6000)), Entry.file("b.c", "x".repeat(6000))),
                        null,
                        "bot.zip unpacks to more than"),
                Arguments.of(
                        "zip name not UTF-8",
                        "bot.zip",
                        zip(new Entry(notUtf8, bytes("x"), '0', 0100644)),
                        null,
                        "bot.zip: the name 'b?.c' is not valid UTF-8"),
                Arguments.of(
                        "tar name not UTF-8",
                        "bot.tar.gz",
                        tarGz(new Entry(notUtf8, bytes("x"), '0', 0100644)),
                        null,
                        "bot.tar.gz: the name 'b?.c' is not valid UTF-8"),
                Arguments.of("not a zip", "bot.zip", bytes("just text"), null, "bot.zip is not a zip archive"),
                Arguments.of(
                        "not a tar.gz",
                        "bot.tar.gz",
                        bytes("just text"),
                        null,
                        "bot.tar.gz is not a readable tar.gz archive"),
                Arguments.of("empty archive", "bot.zip", zip(), null, "bot.zip holds no file"),
                Arguments.of(
                        "no main file",
                        "bot.zip",
                        zip(Entry.file("other.py", "x")),
                        null,
                        "bot.zip has no main.py: a Python archive needs its main file main.py at its top"),
                Arguments.of(
                        "two languages",
                        "bot.zip",
                        zip(Entry.file("a.c", "x"), Entry.file("main.py", "x")),
                        null,
                        "bot.zip holds sources of 2 languages (C, Python): choose the language"),
                Arguments.of("control character", "bot\u0007.c", bytes("x"), null, "holds a control character"),
                Arguments.of(
                        "same file twice",
                        "bot.zip",
                        zip(Entry.file("a.c", "x"), Entry.file("a.c", "y")),
                        null,
                        "bot.zip: 'a.c' appears twice"));
    }

    static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("refusals")
    void everyRefusalIsOneLineAndLeavesNothingBehind(
            String what, String name, byte[] content, String language, String reason) throws IOException {
        UploadedSource.Received received = receive(name, content, language);
        assertThat(received).isInstanceOf(UploadedSource.Received.Refused.class);
        String said = ((UploadedSource.Received.Refused) received).reason();
        assertThat(said).contains(reason).doesNotContain("\n");
        try (Stream<Path> left = Files.list(temp.resolve("tmp"))) {
            assertThat(left).isEmpty();
        }
    }

    @Test
    void anUploadOverTheCapIsRefusedWithoutReadingTheRest() throws IOException {
        // An endless stream: only a refusal at the first byte over the cap ends this call.
        InputStream endless = new InputStream() {
            @Override
            public int read() {
                return 'x';
            }

            @Override
            public int read(byte[] b, int off, int len) {
                Arrays.fill(b, off, off + len, (byte) 'x');
                return len;
            }
        };
        UploadedSource.Received received =
                UploadedSource.receive("bot.c", endless, Optional.empty(), LANGUAGES, CAPS, temp.resolve("tmp"));
        assertThat(((UploadedSource.Received.Refused) received).reason())
                .isEqualTo("the upload is larger than the contest's cap of 4 KiB");
    }

    @Test
    void aZipBombIsStoppedAtTheCapNotAtItsDeclaredSize() throws IOException {
        // 50 MB of zeros compress to some 50 KB; the cap of 10,000 bytes stops the unpacking at once.
        UploadedSource.Caps roomy = new UploadedSource.Caps(1 << 20, 5, 10_000);
        byte[] bomb = zip(new Entry(bytes("zeros.c"), new byte[50_000_000], '0', 0100644));
        assertThat(bomb.length).isLessThan(1 << 20);
        UploadedSource.Received received = UploadedSource.receive(
                "bomb.zip", new ByteArrayInputStream(bomb), Optional.empty(), LANGUAGES, roomy, temp.resolve("tmp"));
        assertThat(((UploadedSource.Received.Refused) received).reason())
                .isEqualTo("bomb.zip unpacks to more than the contest's cap of 9.8 KiB");
    }
}
