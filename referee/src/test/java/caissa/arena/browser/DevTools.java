package caissa.arena.browser;

import caissa.arena.records.Json;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A Chrome DevTools Protocol connection over the JDK's WebSocket: commands are JSON messages
 * with an id, answered by a message with the same id; everything else is an event, kept for the
 * test to look at. Page commands go to a session ({@code Target.attachToTarget} with
 * {@code flatten}), all over the browser's one socket.
 */
public final class DevTools implements AutoCloseable {

    /** A command that gets no answer in this time means the browser is stuck, not slow. */
    private static final long ANSWER_SECONDS = 60;

    private final AtomicInteger ids = new AtomicInteger();
    private final Map<Integer, CompletableFuture<JsonNode>> pending = new ConcurrentHashMap<>();
    private final List<JsonNode> events = new CopyOnWriteArrayList<>();
    private final WebSocket socket;

    private DevTools(URI endpoint) throws IOException {
        try {
            socket = HttpClient.newHttpClient()
                    .newWebSocketBuilder()
                    .buildAsync(endpoint, new Listener())
                    .get(ANSWER_SECONDS, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while connecting to " + endpoint, e);
        } catch (ExecutionException | TimeoutException e) {
            throw new IOException("cannot connect to DevTools at " + endpoint + ": " + e, e);
        }
    }

    static DevTools connect(URI endpoint) throws IOException {
        return new DevTools(endpoint);
    }

    /** A command to the browser itself; returns its result. */
    public JsonNode sendToBrowser(String method, Object... params) {
        return send(null, method, params);
    }

    /**
     * A command, to a page session or (session null) the browser; returns its result.
     *
     * @param params alternating names and values
     * @throws IllegalStateException when the browser answers with an error or not at all
     */
    public JsonNode send(String session, String method, Object... params) {
        int id = ids.incrementAndGet();
        ObjectNode message = Json.mapper().createObjectNode();
        message.put("id", id);
        message.put("method", method);
        ObjectNode p = message.putObject("params");
        for (int i = 0; i < params.length; i += 2) {
            p.set((String) params[i], Json.mapper().valueToTree(params[i + 1]));
        }
        if (session != null) {
            message.put("sessionId", session);
        }
        CompletableFuture<JsonNode> answer = new CompletableFuture<>();
        pending.put(id, answer);
        try {
            socket.sendText(Json.writeCompact(message), true).get(ANSWER_SECONDS, TimeUnit.SECONDS);
            JsonNode reply = answer.get(ANSWER_SECONDS, TimeUnit.SECONDS);
            if (reply.has("error")) {
                throw new IllegalStateException(method + " failed: " + reply.get("error"));
            }
            return reply.path("result");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(method + " interrupted", e);
        } catch (ExecutionException | TimeoutException e) {
            throw new IllegalStateException(method + " got no answer: " + e, e);
        } finally {
            pending.remove(id);
        }
    }

    /** The events received so far with the given method, such as {@code Runtime.exceptionThrown}. */
    public List<JsonNode> events(String method) {
        return events.stream()
                .filter(e -> method.equals(e.path("method").asText()))
                .toList();
    }

    /** Forgets the events received so far, so that each test looks at its own. */
    public void clearEvents() {
        events.clear();
    }

    @Override
    public void close() {
        socket.abort();
        pending.values().forEach(f -> f.completeExceptionally(new IOException("connection closed")));
    }

    /** Collects a message's frames and hands whole messages on. */
    private final class Listener implements WebSocket.Listener {
        private final StringBuilder partial = new StringBuilder();

        @Override
        public CompletionStage<?> onText(WebSocket webSocket, CharSequence data, boolean last) {
            partial.append(data);
            if (last) {
                receive(partial.toString());
                partial.setLength(0);
            }
            webSocket.request(1);
            return null;
        }

        @Override
        public void onError(WebSocket webSocket, Throwable error) {
            pending.values().forEach(f -> f.completeExceptionally(error));
        }

        @Override
        public CompletionStage<?> onClose(WebSocket webSocket, int statusCode, String reason) {
            // Browser.close is answered by the socket closing, not always by a message.
            pending.values().forEach(f -> f.completeExceptionally(new IOException("DevTools closed: " + statusCode)));
            return null;
        }

        private void receive(String text) {
            JsonNode message;
            try {
                message = Json.mapper().readTree(text);
            } catch (IOException e) {
                return; // Chromium writes only JSON; nothing to do with anything else
            }
            if (message.has("id")) {
                CompletableFuture<JsonNode> answer =
                        pending.get(message.get("id").asInt());
                if (answer != null) {
                    answer.complete(message);
                }
            } else {
                events.add(message);
            }
        }
    }
}
