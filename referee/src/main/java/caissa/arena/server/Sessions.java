package caissa.arena.server;

import static caissa.arena.contest.Accounts.digest;
import static caissa.arena.contest.Accounts.secret;

import caissa.arena.contest.ContestStore;
import caissa.arena.contest.Participant;
import io.javalin.http.Context;
import io.javalin.http.Cookie;
import io.javalin.http.SameSite;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * Who sent a request, and whether a form is theirs. A session is a random id in a cookie that
 * is {@code HttpOnly} (no script reads it) and {@code SameSite=Strict} (no other site's page
 * sends it); the database keeps only its hash. Every form carries a token: the session's own,
 * or, before a login, the one in a cookie of its own (double submit), and a POST without the
 * right one is refused.
 */
public final class Sessions {

    public static final String SESSION_COOKIE = "caissa_session";
    /** The form token of a visitor who is not logged in. */
    public static final String FORM_COOKIE = "caissa_form";
    /** The name of every form's token field. */
    public static final String CSRF_FIELD = "csrf";

    public static final Duration LIFETIME = Duration.ofDays(7);
    private static final String VISITOR = "caissa.visitor";

    private final ContestStore store;
    private final Clock clock;

    public Sessions(ContestStore store, Clock clock) {
        this.store = store;
        this.clock = clock;
    }

    /** The visitor logged in with this request's session, if it is valid and their account is not disabled. */
    public Optional<Visitor> visitor(Context ctx) {
        Optional<Visitor> cached = ctx.attribute(VISITOR);
        if (cached != null) {
            return cached;
        }
        Optional<Visitor> visitor = Optional.empty();
        String id = ctx.cookie(SESSION_COOKIE);
        if (id != null && !id.isEmpty()) {
            Instant now = clock.instant();
            visitor = store.session(digest(id))
                    .filter(s -> now.isBefore(s.expires()))
                    .flatMap(s -> store.participant(s.participant())
                            .filter(p -> !p.disabled())
                            .map(p -> new Visitor(p, s.csrfToken())));
        }
        ctx.attribute(VISITOR, visitor);
        return visitor;
    }

    /** The visitor, or a refusal: a page that needs a login. */
    public Visitor requireVisitor(Context ctx) {
        return visitor(ctx).orElseThrow(() -> new Refusal(401, "this page needs a login: log in first"));
    }

    /** The organiser, or a refusal: a participant never sees the organiser's pages. */
    public Visitor requireOrganiser(Context ctx) {
        Visitor visitor = requireVisitor(ctx);
        if (!visitor.participant().isOrganiser()) {
            throw Refusal.forbidden("this page is the organiser's");
        }
        return visitor;
    }

    /**
     * Checks a POSTed form's token: the session's, or, with no session, the form cookie's.
     *
     * @throws Refusal when it is missing or wrong (a form from another site, or a stale page)
     */
    public void checkForm(Context ctx) {
        String sent = ctx.formParam(CSRF_FIELD);
        Optional<Visitor> visitor = visitor(ctx);
        String expected = visitor.map(Visitor::csrfToken).orElseGet(() -> ctx.cookie(FORM_COOKIE));
        if (sent == null
                || sent.isEmpty()
                || expected == null
                || expected.isEmpty()
                || !MessageDigest.isEqual(
                        sent.getBytes(StandardCharsets.UTF_8), expected.getBytes(StandardCharsets.UTF_8))) {
            throw Refusal.forbidden("the form's token is missing or wrong: reload the page and send the form again");
        }
    }

    /** The token a page's forms carry: the session's, or that of the form cookie (set now if missing). */
    public String formToken(Context ctx) {
        Optional<Visitor> visitor = visitor(ctx);
        if (visitor.isPresent()) {
            return visitor.get().csrfToken();
        }
        String token = ctx.cookie(FORM_COOKIE);
        if (token == null || token.length() < 40) {
            token = secret();
            ctx.cookie(cookie(FORM_COOKIE, token, -1));
        }
        return token;
    }

    /** Starts a session for the account: a new id (never one the visitor had), a new form token. */
    public Visitor login(Context ctx, Participant participant) {
        logout(ctx);
        String id = secret();
        String csrf = secret();
        Instant now = clock.instant();
        store.addSession(digest(id), participant.id(), csrf, now, now.plus(LIFETIME));
        ctx.cookie(cookie(SESSION_COOKIE, id, (int) LIFETIME.toSeconds()));
        Visitor visitor = new Visitor(participant, csrf);
        ctx.attribute(VISITOR, Optional.of(visitor));
        return visitor;
    }

    /** Ends the request's session, in the database and in the browser. */
    public void logout(Context ctx) {
        String id = ctx.cookie(SESSION_COOKIE);
        if (id != null && !id.isEmpty()) {
            store.deleteSession(digest(id));
            ctx.cookie(cookie(SESSION_COOKIE, "", 0));
        }
        ctx.attribute(VISITOR, Optional.empty());
    }

    private static Cookie cookie(String name, String value, int maxAge) {
        Cookie cookie = new Cookie(name, value);
        cookie.setPath("/");
        cookie.setMaxAge(maxAge);
        cookie.setHttpOnly(true);
        cookie.setSameSite(SameSite.STRICT);
        return cookie;
    }
}
