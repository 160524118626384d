package caissa.arena.server;

import caissa.arena.contest.Participant;

/** Who sent a request with a valid session: the account, and the session's form token. */
public record Visitor(Participant participant, String csrfToken) {}
