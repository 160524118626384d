package caissa.arena.contest;

import caissa.arena.input.Names;
import com.password4j.Argon2Function;
import com.password4j.Password;
import com.password4j.types.Argon2;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.HexFormat;
import java.util.Optional;

/**
 * The contest's accounts: passwords (Argon2id, from Password4j), submit tokens, invitations, the
 * organiser's one-time login and the limit on failed logins. Every outcome a visitor can cause is
 * a value ({@link Result}); secrets are random and only their hashes are kept, but for the submit
 * token, which the participant's page shows.
 */
public final class Accounts {

    /** OWASP's first choice for Argon2id: 19 MiB, 2 passes, one lane. */
    private static final Argon2Function ARGON2 = Argon2Function.getInstance(19 * 1024, 2, 1, 32, Argon2.ID);

    public static final Duration INVITATION_LIFETIME = Duration.ofDays(14);
    public static final Duration ONE_TIME_LOGIN_LIFETIME = Duration.ofDays(1);
    public static final int MAX_FAILED_LOGINS = 5;
    public static final Duration FAILED_LOGIN_WINDOW = Duration.ofMinutes(15);
    public static final int MIN_PASSWORD_LENGTH = 8;
    public static final int MAX_PASSWORD_LENGTH = 200;
    /** The organiser's account name; a participant cannot take it. */
    public static final String ORGANISER = "organiser";

    private static final SecureRandom RANDOM = new SecureRandom();

    private final ContestStore store;
    private final Clock clock;

    public Accounts(ContestStore store, Clock clock) {
        this.store = store;
        this.clock = clock;
    }

    /** What became of a visitor's request about an account. */
    public sealed interface Result permits Granted, Invited, Refused {}

    /** Logged in, registered, or invitation accepted: this account. */
    public record Granted(Participant participant) implements Result {}

    /** A participant invited: their submit token and the code of their invitation link. */
    public record Invited(Participant participant, String submitToken, String code) implements Result {}

    /** Refused, with the one line the visitor reads, and why. */
    public record Refused(Cause cause, String reason) implements Result {}

    /** Why a request about an account was refused. */
    public enum Cause {
        /** A name or password that cannot be one. */
        INVALID,
        /** The name belongs to another account. */
        TAKEN,
        WRONG_PASSWORD,
        /** The name had {@value #MAX_FAILED_LOGINS} failed logins in the window. */
        TOO_MANY_FAILURES,
        DISABLED,
        /** An invitation or login link that does not exist. */
        UNKNOWN,
        EXPIRED,
        /** An invitation or login link used already. */
        USED
    }

    /** Registration in an open contest: the name and password of a new participant. */
    public Result register(String name, String password) {
        Optional<Refused> problem =
                nameProblem(name).or(() -> passwordProblem(password).map(p -> new Refused(Cause.INVALID, p)));
        if (problem.isPresent()) {
            return problem.get();
        }
        return store.addParticipant(name, Role.PARTICIPANT, Optional.of(hash(password)), secret(), clock.instant())
                .<Result>map(Granted::new)
                .orElseGet(() -> new Refused(Cause.TAKEN, "the name '" + name + "' is taken"));
    }

    /** An invitation: a participant without a password yet, and the code of the link that sets it. */
    public Result invite(String name) {
        Optional<Refused> problem = nameProblem(name);
        if (problem.isPresent()) {
            return problem.get();
        }
        String token = secret();
        Optional<Participant> participant =
                store.addParticipant(name, Role.PARTICIPANT, Optional.empty(), token, clock.instant());
        if (participant.isEmpty()) {
            return new Refused(Cause.TAKEN, "the name '" + name + "' is taken");
        }
        String code = secret();
        Instant now = clock.instant();
        store.addInvitation(digest(code), participant.get().id(), now, now.plus(INVITATION_LIFETIME));
        return new Invited(participant.get(), token, code);
    }

    /** The participant an invitation link is for, or why it cannot be followed. */
    public Result invitation(String code) {
        Optional<ContestStore.Grant> grant = store.invitation(digest(code));
        if (grant.isEmpty()) {
            return new Refused(Cause.UNKNOWN, "this invitation link is not valid; ask the organiser for a new one");
        }
        if (grant.get().used().isPresent()) {
            return new Refused(Cause.USED, "this invitation was used already; log in with the password chosen then");
        }
        if (!clock.instant().isBefore(grant.get().expires())) {
            return new Refused(
                    Cause.EXPIRED,
                    "this invitation expired at " + grant.get().expires() + "; ask the organiser for a new one");
        }
        return store.participant(grant.get().participant())
                .<Result>map(Granted::new)
                .orElseGet(() -> new Refused(
                        Cause.UNKNOWN, "this invitation link is not valid; ask the organiser for a new one"));
    }

    /** Follows an invitation: sets the participant's password, once. */
    public Result acceptInvitation(String code, String password) {
        Result invitation = invitation(code);
        if (!(invitation instanceof Granted granted)) {
            return invitation;
        }
        Optional<String> problem = passwordProblem(password);
        if (problem.isPresent()) {
            return new Refused(Cause.INVALID, problem.get());
        }
        if (granted.participant().disabled()) {
            return new Refused(Cause.DISABLED, "this account is disabled; ask the organiser");
        }
        if (!store.useInvitation(digest(code), clock.instant())) {
            return new Refused(Cause.USED, "this invitation was used already; log in with the password chosen then");
        }
        store.setPasswordHash(granted.participant().id(), hash(password));
        return granted;
    }

    /**
     * A login with a name and a password. At most {@value #MAX_FAILED_LOGINS} failures a name in
     * {@link #FAILED_LOGIN_WINDOW}: beyond, even the right password is refused until the window
     * has passed, so that a password cannot be guessed by trying.
     */
    public Result login(String name, String password) {
        String key = name == null ? "" : name.strip();
        Instant now = clock.instant();
        if (store.loginFailures(key, now.minus(FAILED_LOGIN_WINDOW)) >= MAX_FAILED_LOGINS) {
            return new Refused(
                    Cause.TOO_MANY_FAILURES,
                    "too many failed logins for '" + key + "': try again in " + FAILED_LOGIN_WINDOW.toMinutes()
                            + " minutes");
        }
        Optional<Participant> participant = store.participantByName(key);
        Optional<String> hash = participant.flatMap(p -> store.passwordHash(p.id()));
        // The hash is checked even for an unknown name, so that the time taken does not tell which names exist.
        boolean right = password != null
                && password.length() <= MAX_PASSWORD_LENGTH
                && Password.check(password, hash.orElse(DUMMY_HASH)).with(ARGON2)
                && hash.isPresent();
        if (!right) {
            store.addLoginFailure(key, now);
            return new Refused(Cause.WRONG_PASSWORD, "wrong name or password");
        }
        if (participant.get().disabled()) {
            return new Refused(Cause.DISABLED, "this account is disabled; ask the organiser");
        }
        store.clearLoginFailures(key);
        return new Granted(participant.get());
    }

    private static final String DUMMY_HASH =
            Password.hash("not a password").addRandomSalt(16).with(ARGON2).getResult();

    /** The organiser's account, made at the first start. */
    public Participant organiser() {
        return store.participantByName(ORGANISER)
                .or(() -> store.addParticipant(ORGANISER, Role.ORGANISER, Optional.empty(), secret(), clock.instant()))
                .orElseThrow();
    }

    /** A new one-time login link's token for the organiser (printed at each start). */
    public String newOneTimeLogin() {
        String token = secret();
        Instant now = clock.instant();
        store.addOneTimeLogin(digest(token), organiser().id(), now, now.plus(ONE_TIME_LOGIN_LIFETIME));
        return token;
    }

    /** Uses a one-time login link: good once, within its lifetime. */
    public Result useOneTimeLogin(String token) {
        Optional<ContestStore.Grant> grant = store.oneTimeLogin(digest(token));
        if (grant.isEmpty()) {
            return new Refused(Cause.UNKNOWN, "this login link is not valid; restart the server for a new one");
        }
        if (!clock.instant().isBefore(grant.get().expires())) {
            return new Refused(Cause.EXPIRED, "this login link expired; restart the server for a new one");
        }
        if (!store.useOneTimeLogin(digest(token), clock.instant())) {
            return new Refused(Cause.USED, "this login link was used already; restart the server for a new one");
        }
        return store.participant(grant.get().participant())
                .<Result>map(Granted::new)
                .orElseGet(() -> new Refused(Cause.UNKNOWN, "this login link is not valid"));
    }

    /** The participant whose submit token this is, when their account is not disabled. */
    public Optional<Participant> bySubmitToken(String token) {
        if (token == null || token.isBlank()) {
            return Optional.empty();
        }
        return store.participantBySubmitToken(token.strip()).filter(p -> !p.disabled());
    }

    public Optional<String> submitToken(long participant) {
        return store.submitToken(participant);
    }

    private static Optional<Refused> nameProblem(String name) {
        if (name == null || name.isBlank()) {
            return Optional.of(new Refused(Cause.INVALID, "a name is required"));
        }
        Optional<String> problem = Names.problem(name);
        if (problem.isPresent()) {
            return Optional.of(new Refused(Cause.INVALID, "the name " + problem.get()));
        }
        if (name.equalsIgnoreCase(ORGANISER)) {
            return Optional.of(new Refused(Cause.TAKEN, "the name '" + name + "' is taken"));
        }
        return Optional.empty();
    }

    private static Optional<String> passwordProblem(String password) {
        if (password == null || password.length() < MIN_PASSWORD_LENGTH) {
            return Optional.of("a password has at least " + MIN_PASSWORD_LENGTH + " characters");
        }
        if (password.length() > MAX_PASSWORD_LENGTH) {
            return Optional.of("a password has at most " + MAX_PASSWORD_LENGTH + " characters");
        }
        return Optional.empty();
    }

    private static String hash(String password) {
        return Password.hash(password).addRandomSalt(16).with(ARGON2).getResult();
    }

    /** A random secret: 32 bytes, URL-safe base64 without padding (43 characters). */
    public static String secret() {
        byte[] bytes = new byte[32];
        RANDOM.nextBytes(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    /** SHA-256 of a random secret, in hex: enough for secrets of 256 bits, and quick to look up. */
    public static String digest(String secret) {
        try {
            return HexFormat.of()
                    .formatHex(MessageDigest.getInstance("SHA-256").digest(secret.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every Java", e);
        }
    }
}
