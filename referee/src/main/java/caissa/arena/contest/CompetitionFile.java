package caissa.arena.contest;

import caissa.arena.records.AtomicFiles;
import caissa.arena.records.Json;
import caissa.arena.tournament.TournamentDefinition;
import caissa.arena.tournament.TournamentFile;
import caissa.arena.tournament.TournamentFileException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * A competition's tournament file: the contest file's {@code tournament} object with the
 * competition's name and its bots filled in, written once when the competition starts (a resume
 * reads the same file, so that the tournament's check that its file did not change holds), and
 * read back with the tournament package's own reader, so that the competition runs exactly what
 * {@code caissa tournament} would run from that file.
 */
public final class CompetitionFile {

    private CompetitionFile() {}

    /** Why a competition cannot start, in one line for the organiser's page and the job's error. */
    public static final class NotStartable extends Exception {
        public NotStartable(String message) {
            super(message);
        }
    }

    /**
     * Writes the tournament file and checks it.
     *
     * @param tournament the competition's {@code tournament} object of the contest file (without {@code name} and {@code bots})
     * @param bots the participants' bots first, then the house bots
     * @throws NotStartable with fewer than two bots, or when the tournament reader refuses the file
     */
    public static TournamentDefinition write(Path file, String name, JsonNode tournament, List<CompetitionEntrant> bots)
            throws NotStartable, IOException {
        if (bots.size() < 2) {
            throw new NotStartable("competition '" + name + "' needs at least 2 bots with an admitted submission or"
                    + " house bots, got " + bots.size()
                    + (bots.isEmpty() ? "" : " (" + bots.get(0).name() + ")"));
        }
        ObjectNode root = Json.mapper().createObjectNode();
        root.put("name", name);
        ArrayNode array = root.putArray("bots");
        Set<String> taken = new HashSet<>();
        for (CompetitionEntrant bot : bots) {
            String botName = bot.name();
            // A house bot keeps its name unless a participant has it; names differ without case.
            if (bot.isHouse() && taken.contains(botName.toLowerCase(Locale.ROOT))) {
                botName = "house " + botName;
            }
            taken.add(botName.toLowerCase(Locale.ROOT));
            ObjectNode entry = array.addObject();
            entry.put("name", botName);
            ArrayNode command = entry.putArray("command");
            bot.command().forEach(command::add);
            bot.workingDir()
                    .ifPresent(
                            dir -> entry.put("workingDir", dir.toAbsolutePath().toString()));
        }
        tournament.fields().forEachRemaining(field -> {
            if (!field.getKey().equals("name") && !field.getKey().equals("bots")) {
                root.set(field.getKey(), field.getValue());
            }
        });
        Files.createDirectories(file.toAbsolutePath().getParent());
        AtomicFiles.write(file, Json.write(root));
        try {
            return TournamentFile.read(file);
        } catch (TournamentFileException e) {
            throw new NotStartable(e.getMessage());
        }
    }

    /** The name a bot has in the competition's tournament file (a house bot may be renamed, see {@link #write}). */
    public static String botName(CompetitionEntrant bot, List<CompetitionEntrant> all) {
        if (!bot.isHouse()) {
            return bot.name();
        }
        boolean clash = all.stream().anyMatch(b -> !b.isHouse() && b.name().equalsIgnoreCase(bot.name()));
        return clash ? "house " + bot.name() : bot.name();
    }
}
