import { Injectable, NestMiddleware } from '@nestjs/common';
import { NoAccessIps } from '@nestodon/core';
import type { NextFunction, Request, Response } from 'express';

/** Refuses every request from an address in a `no_access` IP block (Mastodon's blocklist). */
@Injectable()
export class NoAccessMiddleware implements NestMiddleware {
  constructor(private readonly blocked: NoAccessIps) {}

  async use(req: Request, res: Response, next: NextFunction): Promise<void> {
    try {
      if (await this.blocked.refuses(req.ip)) {
        res.status(403).json({ error: 'Blocked' });
        return;
      }
    } catch (error) {
      next(error);
      return;
    }
    next();
  }
}
