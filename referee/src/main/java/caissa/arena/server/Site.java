package caissa.arena.server;

import caissa.arena.contest.Accounts;
import caissa.arena.contest.Contest;
import caissa.arena.contest.JobRunner;
import caissa.arena.contest.Jobs;
import java.time.Clock;

/**
 * What every class of routes works with: the contest, its accounts and jobs, the sessions and
 * the pages. One per server.
 *
 * @param runner woken when a job is queued, stopped when a competition is
 */
public record Site(
        Contest contest, Accounts accounts, Jobs jobs, JobRunner runner, Sessions sessions, Pages pages, Clock clock) {}
