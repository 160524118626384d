package caissa.arena.linux;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Reads the small files the kernel writes as they are read: {@code /proc} and the cgroup
 * folders. The arena reads several of them for each bot of each game (its processes, its
 * counters, its group's state). The JDK's readers size their buffers for ordinary files, 16 KB
 * and more for each such read, which made them half of what a quick tournament allocated, and a
 * collection of that garbage pauses every game. This reads into an array sized for the text.
 */
public final class KernelFiles {

    private static final int FIRST_SIZE = 256;

    private KernelFiles() {}

    /**
     * The whole text (ASCII as the kernel writes it; a process's name may hold any byte, which is
     * read leniently).
     *
     * @throws IOException when it cannot be opened or read (the process or group is gone)
     */
    public static String read(Path file) throws IOException {
        try (FileChannel channel = FileChannel.open(file)) {
            byte[] bytes = new byte[FIRST_SIZE];
            int length = 0;
            while (true) {
                if (length == bytes.length) {
                    bytes = Arrays.copyOf(bytes, bytes.length * 2);
                }
                int n = channel.read(ByteBuffer.wrap(bytes, length, bytes.length - length));
                if (n < 0) {
                    break;
                }
                length += n;
            }
            return new String(bytes, 0, length, StandardCharsets.UTF_8);
        }
    }

    /**
     * The numbers the file lists, separated by spaces or lines: a group's {@code cgroup.procs},
     * a thread's {@code children}. Empty when it cannot be read or holds something else.
     */
    public static List<Long> numbers(Path file) {
        List<Long> numbers = new ArrayList<>();
        String text;
        try {
            text = read(file);
        } catch (IOException | SecurityException e) {
            // Gone, or not ours to read.
            return numbers;
        }
        int i = 0;
        while (i < text.length()) {
            while (i < text.length() && Character.isWhitespace(text.charAt(i))) {
                i++;
            }
            int start = i;
            while (i < text.length() && !Character.isWhitespace(text.charAt(i))) {
                i++;
            }
            if (i > start) {
                try {
                    numbers.add(Long.parseLong(text, start, i, 10));
                } catch (NumberFormatException e) {
                    return new ArrayList<>();
                }
            }
        }
        return numbers;
    }

    /**
     * The children that a process (its folder in {@code /proc}) has running now, those of every
     * thread; none when it is gone. A thread that exits meanwhile, or a kernel without the
     * {@code children} file, adds none.
     */
    public static List<Long> children(Path process) {
        List<Long> children = new ArrayList<>();
        Path taskDir = process.resolve("task");
        String[] tasks;
        try {
            // java.io's listing: half the system calls of a DirectoryStream (which duplicates the
            // descriptor and sets its flags), for a walk done several times a game.
            tasks = taskDir.toFile().list();
        } catch (SecurityException e) {
            return children;
        }
        if (tasks == null) {
            // Gone, or not ours to read.
            return children;
        }
        for (String task : tasks) {
            children.addAll(numbers(taskDir.resolve(task).resolve("children")));
        }
        return children;
    }
}
