package caissa.arena.browser;

import caissa.arena.records.Json;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.Map;

/**
 * One tab of a {@link Chromium}, with what a test does to a page: load it, run script in it,
 * click at an element's place and press keys as a person would, take a screenshot.
 */
public final class BrowserPage {

    /** How long a condition in the page may take to become true: far more than any step needs. */
    private static final long CONDITION_MILLIS = 15_000;

    private final DevTools devTools;
    private final String session;

    private BrowserPage(DevTools devTools, String session) {
        this.devTools = devTools;
        this.session = session;
    }

    /** A new tab of the given size, with page and runtime events on. */
    public static BrowserPage open(Chromium chromium, int width, int height) {
        DevTools devTools = chromium.devTools();
        String target = devTools.sendToBrowser("Target.createTarget", "url", "about:blank")
                .get("targetId")
                .asText();
        String session = devTools.sendToBrowser("Target.attachToTarget", "targetId", target, "flatten", true)
                .get("sessionId")
                .asText();
        BrowserPage page = new BrowserPage(devTools, session);
        page.send("Page.enable");
        page.send("Runtime.enable");
        page.send(
                "Emulation.setDeviceMetricsOverride",
                "width",
                width,
                "height",
                height,
                "deviceScaleFactor",
                1,
                "mobile",
                false);
        return page;
    }

    public JsonNode send(String method, Object... params) {
        return devTools.send(session, method, params);
    }

    /** Loads the URL and waits until the condition (a script expression) holds. */
    public void navigate(String url, String readyCondition) {
        JsonNode result = send("Page.navigate", "url", url);
        if (result.hasNonNull("errorText")) {
            throw new IllegalStateException(
                    "cannot load " + url + ": " + result.get("errorText").asText());
        }
        awaitTrue(readyCondition);
    }

    /** The value of a script expression (made JSON by the page); a script error fails the test. */
    public JsonNode evaluate(String expression) {
        JsonNode result =
                send("Runtime.evaluate", "expression", expression, "returnByValue", true, "awaitPromise", true);
        if (result.has("exceptionDetails")) {
            throw new AssertionError(
                    "script failed in the page: " + result.get("exceptionDetails") + "\n" + expression);
        }
        return result.path("result").path("value");
    }

    /**
     * Waits until the expression is true in the page. Input is handled before DevTools answers,
     * so this normally holds at the first look; the wait only guards against a slow machine.
     */
    public void awaitTrue(String expression) {
        long deadline = System.nanoTime() + CONDITION_MILLIS * 1_000_000;
        JsonNode value = evaluate(expression);
        while (!value.asBoolean(false)) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("the page never satisfied: " + expression + " (last value: " + value + ")");
            }
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError("interrupted while waiting for " + expression, e);
            }
            value = evaluate(expression);
        }
    }

    /**
     * Clicks the middle of the element as a mouse would: scrolled into view, and only if the
     * element (not something over it) is what is under the pointer there.
     */
    public void click(String selector) {
        JsonNode point = evaluate("(() => { const e = document.querySelector(" + jsString(selector) + ");"
                + " if (!e) return {missing: true};"
                + " e.scrollIntoView({block: 'center', inline: 'center'});"
                + " const r = e.getBoundingClientRect(); const x = r.left + r.width / 2, y = r.top + r.height / 2;"
                + " const hit = document.elementFromPoint(x, y);"
                + " return {x: x, y: y, reachable: !!hit && (hit === e || e.contains(hit))}; })()");
        if (point.path("missing").asBoolean()) {
            throw new AssertionError("nothing in the page matches " + selector);
        }
        if (!point.path("reachable").asBoolean()) {
            throw new AssertionError(selector + " is covered by another element and cannot be clicked");
        }
        double x = point.get("x").asDouble();
        double y = point.get("y").asDouble();
        send("Input.dispatchMouseEvent", "type", "mouseMoved", "x", x, "y", y);
        send("Input.dispatchMouseEvent", "type", "mousePressed", "x", x, "y", y, "button", "left", "clickCount", 1);
        send("Input.dispatchMouseEvent", "type", "mouseReleased", "x", x, "y", y, "button", "left", "clickCount", 1);
    }

    /** Presses and releases a key that types no text: ArrowLeft, ArrowRight, Home, End, Escape. */
    public void press(String key) {
        Integer code = Map.of("ArrowLeft", 37, "ArrowRight", 39, "Home", 36, "End", 35, "Escape", 27)
                .get(key);
        if (code == null) {
            throw new IllegalArgumentException("no key code for " + key);
        }
        send(
                "Input.dispatchKeyEvent",
                "type",
                "rawKeyDown",
                "key",
                key,
                "code",
                key,
                "windowsVirtualKeyCode",
                code,
                "nativeVirtualKeyCode",
                code);
        send(
                "Input.dispatchKeyEvent",
                "type",
                "keyUp",
                "key",
                key,
                "code",
                key,
                "windowsVirtualKeyCode",
                code,
                "nativeVirtualKeyCode",
                code);
    }

    /** Saves what the viewport shows as a PNG. */
    public void screenshot(Path file) throws IOException {
        String png = send("Page.captureScreenshot", "format", "png").get("data").asText();
        Files.createDirectories(file.toAbsolutePath().getParent());
        Files.write(file, Base64.getDecoder().decode(png));
    }

    /** The text as a JavaScript string literal (JSON is a subset). */
    public static String jsString(String text) {
        return Json.writeCompact(text);
    }
}
