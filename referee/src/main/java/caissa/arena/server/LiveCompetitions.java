package caissa.arena.server;

import caissa.arena.contest.CompetitionFeed;
import caissa.arena.records.Json;
import caissa.arena.tournament.FinishedGame;
import caissa.arena.tournament.Standing;
import caissa.arena.tournament.StandingsDocument;
import io.javalin.http.sse.SseClient;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Function;

/**
 * The competitions as the live pages follow them: for each, the games finished so far (read once
 * from its journal, shared by every page) and its latest standings; and the pages' event streams,
 * told of each change by one thread that reads each followed competition every
 * {@value #TICK_MILLIS} ms. A page is rendered from the same state it then follows, and its stream
 * starts with what it has not seen, so that no game is missed or shown twice between the page and
 * its first event. Games never run here: this only reads files the competition's job writes.
 */
final class LiveCompetitions implements AutoCloseable {

    static final long TICK_MILLIS = 100;

    /** What a page shows: the games so far, in the order they were read, and the standings. */
    record Snapshot(List<FinishedGame> games, Optional<StandingsDocument> standings) {}

    private static final class Channel {
        final CompetitionFeed feed;
        final List<FinishedGame> games = new ArrayList<>();
        Optional<StandingsDocument> standings = Optional.empty();
        final List<SseClient> clients = new CopyOnWriteArrayList<>();

        Channel(CompetitionFeed feed) {
            this.feed = feed;
        }

        /** Reads what changed; returns the games new to this channel, or null when nothing changed. */
        synchronized Optional<CompetitionFeed.Update> refresh() throws IOException {
            Optional<CompetitionFeed.Update> update = feed.poll();
            update.ifPresent(u -> {
                games.addAll(u.games());
                u.standings().ifPresent(s -> standings = Optional.of(s));
            });
            return update;
        }

        synchronized Snapshot snapshot() {
            return new Snapshot(List.copyOf(games), standings);
        }

        synchronized List<FinishedGame> since(int seen) {
            return seen >= games.size() ? List.of() : List.copyOf(games.subList(Math.max(0, seen), games.size()));
        }
    }

    private final Map<String, Channel> channels = new ConcurrentHashMap<>();
    private final Thread thread;
    private volatile boolean closed;

    LiveCompetitions() {
        thread = new Thread(this::loop, "caissa-live");
        thread.setDaemon(true);
        thread.start();
    }

    private Channel channel(String name, Function<String, CompetitionFeed> feed) {
        return channels.computeIfAbsent(name, n -> new Channel(feed.apply(n)));
    }

    /** The competition's state now, for its page. */
    Snapshot snapshot(String name, Function<String, CompetitionFeed> feed) throws IOException {
        Channel channel = channel(name, feed);
        channel.refresh();
        return channel.snapshot();
    }

    /** A page's event stream: first the games it has not seen and the standings, then each change. */
    void follow(String name, Function<String, CompetitionFeed> feed, SseClient client, int seen) throws IOException {
        Channel channel = channel(name, feed);
        channel.refresh();
        Snapshot now = channel.snapshot();
        client.onClose(() -> channel.clients.remove(client));
        client.keepAlive();
        channel.clients.add(client);
        send(client, channel.since(seen), now.standings(), now.games().size());
    }

    private void loop() {
        while (!closed) {
            for (Channel channel : channels.values()) {
                if (channel.clients.isEmpty()) {
                    continue;
                }
                try {
                    Optional<CompetitionFeed.Update> update = channel.refresh();
                    if (update.isPresent()) {
                        int total;
                        synchronized (channel) {
                            total = channel.games.size();
                        }
                        for (SseClient client : channel.clients) {
                            send(client, update.get().games(), update.get().standings(), total);
                        }
                    }
                } catch (IOException | RuntimeException e) {
                    // A file being replaced or a client gone: the next tick reads again.
                }
            }
            try {
                Thread.sleep(TICK_MILLIS);
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    private static void send(
            SseClient client, List<FinishedGame> games, Optional<StandingsDocument> standings, int seen) {
        if (client.terminated()) {
            return;
        }
        client.sendEvent("update", Json.writeCompact(event(games, standings, seen)));
    }

    /** The event's data: the new games, the standings when they moved, and how many games the page has now seen. */
    static Map<String, Object> event(List<FinishedGame> games, Optional<StandingsDocument> standings, int seen) {
        Map<String, Object> event = new LinkedHashMap<>();
        event.put("seen", seen);
        event.put("games", games.stream().map(LiveCompetitions::game).toList());
        standings.ifPresent(s -> {
            event.put("played", s.gamesPlayed());
            event.put("total", s.gamesTotal());
            event.put("complete", s.complete());
            event.put(
                    "standings",
                    s.standings().stream().map(LiveCompetitions::row).toList());
        });
        return event;
    }

    static Map<String, Object> game(FinishedGame game) {
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("game", game.game());
        row.put("white", game.white());
        row.put("black", game.black());
        row.put("result", game.result().text());
        row.put("termination", game.termination().word());
        return row;
    }

    static Map<String, Object> row(Standing s) {
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("rank", s.rank());
        row.put("name", s.name());
        row.put("points", s.points());
        row.put("games", s.games());
        row.put("wins", s.wins());
        row.put("draws", s.draws());
        row.put("losses", s.losses());
        row.put("irregular", s.irregularLosses());
        return row;
    }

    @Override
    public void close() {
        closed = true;
        thread.interrupt();
        for (Channel channel : channels.values()) {
            channel.clients.forEach(SseClient::close);
        }
    }
}
