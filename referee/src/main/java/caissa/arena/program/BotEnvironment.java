package caissa.arena.program;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The environment a bot starts with: a few variables any program needs, taken from the arena's,
 * and nothing else of it. Wherever the arena is started (a CI job, a shell with cloud
 * credentials) its environment holds secrets that no bot may read, print on its standard
 * error, and so publish in its game log and the report. What a bot needs besides comes from the
 * run by name: the time control and the variant (see the game), its own {@code env} in a
 * tournament file, and in a sandbox {@code HOME}, {@code TMPDIR} and {@code CAISSA_SCRATCH}
 * pointing into its scratch folders.
 */
public final class BotEnvironment {

    /** The variables passed on from the arena's environment, when it has them. */
    public static final List<String> PASSED = List.of("PATH", "HOME", "TMPDIR", "LANG", "LC_ALL", "LC_CTYPE", "TZ");

    private BotEnvironment() {}

    /** The base environment of every bot, from the arena's. */
    public static Map<String, String> base(Map<String, String> arena) {
        Map<String, String> base = new LinkedHashMap<>();
        for (String name : PASSED) {
            String value = arena.get(name);
            if (value != null) {
                base.put(name, value);
            }
        }
        // Where the arena has no PATH, the one its own check of programs searched (see ProgramLookup).
        base.put("PATH", ProgramLookup.searchPath(arena));
        base.putIfAbsent("LANG", "C.UTF-8");
        return base;
    }
}
