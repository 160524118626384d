/**
 * The contest server's contest, without HTTP: the contest file, the data folder, the database and
 * its migrations, accounts, uploads, the durable job queue, admission and competitions. The web
 * tier ({@code caissa.arena.server}) and the command line call it; it runs the arena's own parts
 * (docs/contest-server.md).
 */
package caissa.arena.contest;
