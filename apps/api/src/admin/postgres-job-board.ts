import { QUEUE_NAMES, QueueName } from '@nestodon/config';
import { escapeHtml } from '@nestodon/core';
import { FailedJob, JOB_STATES, JobBackend, JobCounts } from '@nestodon/queue';
import { NextFunction, Request, Response, Router } from 'express';

/** Failed jobs listed per queue, newest first. */
const FAILED_SHOWN = 20;

interface QueueView {
  name: QueueName;
  counts: JobCounts;
  failed: FailedJob[];
}

const isQueueName = (name: string): name is QueueName =>
  (QUEUE_NAMES as readonly string[]).includes(name);

function page(base: string, queues: QueueView[]): string {
  const counts = queues
    .map(
      ({ name, counts }) =>
        `<tr><th scope="row">${escapeHtml(name)}</th>${JOB_STATES.map((state) => `<td>${counts[state]}</td>`).join('')}</tr>`,
    )
    .join('\n');
  const failed = queues
    .flatMap(({ name, failed }) =>
      failed.map(
        (job) => `<tr>
<td>${escapeHtml(name)}</td><td>${escapeHtml(job.name)}</td><td><code>${escapeHtml(job.id)}</code></td>
<td>${job.failedAt ? escapeHtml(job.failedAt.toISOString()) : ''}</td><td>${job.attemptsMade}</td>
<td>${escapeHtml(job.error)}</td>
<td><form method="post" action="${base}/queues/${encodeURIComponent(name)}/jobs/${encodeURIComponent(job.id)}/retry"><button>Retry</button></form></td>
</tr>`,
      ),
    )
    .join('\n');
  return `<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><title>Nestodon jobs</title></head>
<body>
<h1>Nestodon jobs</h1>
<p>The job queue is in PostgreSQL (pg-boss).</p>
<table>
<thead><tr><th scope="col">Queue</th>${JOB_STATES.map((state) => `<th scope="col">${state}</th>`).join('')}</tr></thead>
<tbody>
${counts}
</tbody>
</table>
<h2>Recently failed</h2>
${
  failed
    ? `<table>
<thead><tr><th>Queue</th><th>Job</th><th>Id</th><th>Failed at</th><th>Attempts</th><th>Error</th><th></th></tr></thead>
<tbody>
${failed}
</tbody>
</table>`
    : '<p>No failed jobs.</p>'
}
</body>
</html>`;
}

/**
 * The dashboard of the PostgreSQL queue (no Redis, so no @bull-board): each queue's jobs by
 * state and its latest failed jobs with their errors, which can be run again. The page at the
 * root, the same as JSON at `api/queues`; a retry is a form's POST that comes back to the page.
 */
export function postgresJobBoard(backend: JobBackend, base: string): Router {
  const router = Router();
  const views = (): Promise<QueueView[]> =>
    Promise.all(
      QUEUE_NAMES.map(async (name) => ({
        name,
        counts: await backend.counts(name),
        failed: await backend.failedJobs(name, FAILED_SHOWN),
      })),
    );
  router.get('/', (_req: Request, res: Response, next: NextFunction) => {
    views().then((queues) => res.type('html').send(page(base, queues)), next);
  });
  router.get('/api/queues', (_req: Request, res: Response, next: NextFunction) => {
    views().then((queues) => res.json({ queues }), next);
  });
  router.post(
    '/queues/:queue/jobs/:id/retry',
    (req: Request<{ queue: string; id: string }>, res: Response, next: NextFunction) => {
      const { queue, id } = req.params;
      if (!isQueueName(queue)) return void res.status(404).json({ error: 'Record not found' });
      backend.retryFailed(queue, id).then((retried) => {
        if (!retried) return void res.status(404).json({ error: 'Record not found' });
        res.redirect(303, base);
      }, next);
    },
  );
  return router;
}
