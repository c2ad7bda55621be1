import type * as BullBoardApi from '@bull-board/api';
import type * as BullBoardAdapter from '@bull-board/api/bullMQAdapter';
import type * as BullBoardExpress from '@bull-board/express';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { hasPermission, Permission } from '@nestodon/domain';
import { BullJobBackend, JOB_BACKEND, JobBackend } from '@nestodon/queue';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { postgresJobBoard } from './postgres-job-board';
import { WebAuthenticator } from '../session/web-authenticator.service';
import { WebSessionMiddleware } from '../session/web-session.middleware';

export const JOB_DASHBOARD_PATH = '/admin/queues';

/**
 * Lets through signed-in staff whose role grants Mastodon's `devops` permission (Sidekiq's
 * dashboard is theirs in Mastodon). Who is signed in comes from the web session cookie of the
 * sign-in and OAuth pages, not from bearer tokens: the dashboard is a page for a browser. A
 * visitor without a session is sent to sign in (401 for the dashboard's own JSON calls); a
 * signed-in user without the permission gets 403.
 */
function requireDevops(web: WebAuthenticator) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const user = web.currentUser(req);
    if (!user) {
      if (req.method === 'GET' && req.headers.accept?.includes('text/html')) {
        const returnTo = encodeURIComponent(JOB_DASHBOARD_PATH);
        return res.redirect(302, `/auth/sign_in?return_to=${returnTo}`);
      }
      res.status(401).json({ error: 'This page requires signing in' });
      return;
    }
    if (!hasPermission(user.role?.permissions ?? '0', Permission.ViewDevops)) {
      res.status(403).json({ error: 'This action is not allowed' });
      return;
    }
    next();
  };
}

/**
 * BullMQ's dashboard (@bull-board) of every queue, built at its first request: @bull-board and
 * what it loads (lodash, valibot, its views) stay out of an api nobody opens the page of.
 */
function bullBoard(backend: BullJobBackend): RequestHandler {
  let router: RequestHandler | undefined;
  return (req, res, next) => {
    router ??= buildBullBoard(backend);
    router(req, res, next);
  };
}

function buildBullBoard(backend: BullJobBackend): RequestHandler {
  const { createBullBoard } = require('@bull-board/api') as typeof BullBoardApi;
  const { BullMQAdapter } = require('@bull-board/api/bullMQAdapter') as typeof BullBoardAdapter;
  const { ExpressAdapter } = require('@bull-board/express') as typeof BullBoardExpress;
  const board = new ExpressAdapter();
  board.setBasePath(JOB_DASHBOARD_PATH);
  createBullBoard({
    queues: Object.values(backend.queues).map((queue) => new BullMQAdapter(queue)),
    serverAdapter: board,
    options: { uiConfig: { boardTitle: 'Nestodon jobs' } },
  });
  return board.getRouter() as RequestHandler;
}

/**
 * The job dashboard at /admin/queues, behind the web session and the devops permission: BullMQ's
 * (@bull-board) with Redis, a page of our own over the PostgreSQL queue otherwise. Their
 * changes (retry, remove, pause) are same-site requests only: the session cookie is
 * SameSite=Lax, so other sites cannot make them with it.
 */
export function serveJobDashboard(app: NestExpressApplication): void {
  const backend = app.get<JobBackend>(JOB_BACKEND);
  const session = app.get(WebSessionMiddleware);
  app.use(
    JOB_DASHBOARD_PATH,
    (req: Request, res: Response, next: NextFunction) => session.use(req, res, next),
    requireDevops(app.get(WebAuthenticator)),
    backend instanceof BullJobBackend
      ? bullBoard(backend)
      : postgresJobBoard(backend, JOB_DASHBOARD_PATH),
  );
}
