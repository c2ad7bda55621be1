import { HttpException } from '@nestjs/common';
import { AuthContext } from '@nestodon/auth';
import { AppConfig } from '@nestodon/config';
import { TimelinePage, TimelineViewer } from '@nestodon/core';
import { setPageLinks } from '@nestodon/http';
import type { Request, Response } from 'express';

/** The reader of a public timeline; 401 for anonymous requests when preview is off. */
export function publicViewer(auth: AuthContext | undefined, config: AppConfig): TimelineViewer {
  if (auth?.user) return { id: auth.user.account.id, user: auth.user };
  if (!config.instance.timelinePreview) {
    throw new HttpException({ error: 'This method requires an authenticated user' }, 401);
  }
  return null;
}

export function timelineLinks(
  req: Request,
  res: Response,
  config: AppConfig,
  page: TimelinePage,
  keep: string[] = [],
): void {
  setPageLinks(req, res, config.instance.baseUrl, {
    nextMaxId: page.full ? page.oldestId : null,
    prevMinId: page.newestId,
    keep,
  });
}
