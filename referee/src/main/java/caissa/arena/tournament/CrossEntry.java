package caissa.arena.tournament;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;

/** One bot's games against one opponent: its points (2/1/0 a game) and its wins, draws and losses. */
@JsonPropertyOrder({"points", "games", "wins", "draws", "losses"})
public record CrossEntry(int points, int games, int wins, int draws, int losses) {

    static final CrossEntry NONE = new CrossEntry(0, 0, 0, 0, 0);

    CrossEntry plus(int gamePoints) {
        return new CrossEntry(
                points + gamePoints,
                games + 1,
                wins + (gamePoints == 2 ? 1 : 0),
                draws + (gamePoints == 1 ? 1 : 0),
                losses + (gamePoints == 0 ? 1 : 0));
    }
}
