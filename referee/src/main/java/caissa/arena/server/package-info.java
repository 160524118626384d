/**
 * The contest server's web tier: the Javalin app, one class of routes per area, sessions, CSRF
 * and the login limit, and the pages. Handlers are thin: they read a request, call
 * {@code caissa.arena.contest}, and render (docs/contest-server.md).
 */
package caissa.arena.server;
