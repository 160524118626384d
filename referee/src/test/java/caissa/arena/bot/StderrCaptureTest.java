package caissa.arena.bot;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The head and tail kept of a stream written in chunks of any size equal those of the whole stream. */
class StderrCaptureTest {

    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12})
    void headAndTailMatchTheWholeStream(long seed) {
        Random random = new Random(seed);
        int limit = 1 + random.nextInt(64);
        StderrCapture capture = new StderrCapture(limit);
        ByteArrayOutputStream all = new ByteArrayOutputStream();
        int chunks = random.nextInt(40);
        for (int i = 0; i < chunks; i++) {
            byte[] chunk = new byte[random.nextInt(3 * limit + 2)];
            for (int j = 0; j < chunk.length; j++) {
                chunk[j] = (byte) ('a' + random.nextInt(26));
            }
            capture.append(chunk, chunk.length);
            all.write(chunk, 0, chunk.length);
        }
        byte[] whole = all.toByteArray();

        StderrExcerpt excerpt = capture.excerpt();

        assertThat(excerpt.bytes()).isEqualTo(whole.length);
        assertThat(excerpt.head()).isEqualTo(text(whole, 0, Math.min(limit, whole.length)));
        int tailStart = Math.max(limit, whole.length - limit);
        assertThat(excerpt.tail()).isEqualTo(whole.length > limit ? text(whole, tailStart, whole.length) : "");
        assertThat(excerpt.truncated()).isEqualTo(whole.length > 2 * limit);
    }

    private static String text(byte[] bytes, int from, int to) {
        return new String(Arrays.copyOfRange(bytes, from, to), StandardCharsets.UTF_8);
    }
}
