-- A competition has at most one job queued or running (issue 38). Before this, a competition
-- stopped while its job still waited kept that job queued, and its resume queued a second one:
-- two children could then play the same run. The server now ends a waiting job with its run and
-- checks in the transaction that queues one; this index makes a second open job impossible.

-- A data folder from before may hold such a pair: the job the competition names is its own, any
-- other open one is stale and ends here, so that the index can be made.
UPDATE job SET state = 'done', error = 'a stale duplicate of the competition''s job (migration V3)',
               finished = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
 WHERE kind = 'competition' AND state IN ('queued', 'running')
   AND id NOT IN (SELECT job FROM competition WHERE job IS NOT NULL);

CREATE UNIQUE INDEX job_one_open_a_competition ON job (subject)
    WHERE kind = 'competition' AND state IN ('queued', 'running');
