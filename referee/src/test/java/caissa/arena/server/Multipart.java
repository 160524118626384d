package caissa.arena.server;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/** A multipart/form-data body as a browser or {@code caissa submit} sends it: fields, then one file. */
record Multipart(String boundary, byte[] body) {

    static Multipart of(Map<String, String> fields, String fileName, byte[] content) {
        String boundary = "----caissa" + Long.toHexString(System.nanoTime());
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (Map.Entry<String, String> field : fields.entrySet()) {
            write(
                    out,
                    "--" + boundary + "\r\nContent-Disposition: form-data; name=\"" + field.getKey() + "\"\r\n\r\n"
                            + field.getValue() + "\r\n");
        }
        if (fileName != null) {
            write(
                    out,
                    "--" + boundary + "\r\nContent-Disposition: form-data; name=\"file\"; filename=\"" + fileName
                            + "\"\r\nContent-Type: application/octet-stream\r\n\r\n");
            out.writeBytes(content);
            write(out, "\r\n");
        }
        write(out, "--" + boundary + "--\r\n");
        return new Multipart(boundary, out.toByteArray());
    }

    String contentType() {
        return "multipart/form-data; boundary=" + boundary;
    }

    private static void write(ByteArrayOutputStream out, String text) {
        out.writeBytes(text.getBytes(StandardCharsets.UTF_8));
    }
}
