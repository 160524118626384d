package caissa.arena;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/** The arena's version, as Maven stamped it into the jar; recorded in every output document. */
public final class Version {

    private static final String CURRENT = load();

    private Version() {}

    public static String current() {
        return CURRENT;
    }

    private static String load() {
        try (InputStream in = Version.class.getResourceAsStream("version.properties")) {
            if (in == null) {
                return "unknown";
            }
            Properties properties = new Properties();
            properties.load(in);
            return properties.getProperty("version", "unknown");
        } catch (IOException e) {
            return "unknown";
        }
    }
}
