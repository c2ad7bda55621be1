import { ValidationError } from '@nestodon/domain';
import type { NextFunction, Request, Response } from 'express';

/** Deeper parameters than any Mastodon endpoint takes; deeper ones would only cost stack. */
export const MAX_PARAMETER_DEPTH = 16;

/** Whether a parsed value nests deeper than `limit` (iterative, so hostile input cannot overflow). */
export function nestsDeeperThan(value: unknown, limit: number): boolean {
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length > 0) {
    const [current, depth] = stack.pop()!;
    if (current === null || typeof current !== 'object') continue;
    if (depth >= limit) return true;
    for (const child of Object.values(current)) {
      if (child !== null && typeof child === 'object') stack.push([child, depth + 1]);
    }
  }
  return false;
}

/**
 * Gives every handler a plain-object body, as Rails' `params` does: absent or unparsed bodies
 * become `{}`, query parameters fill in what the body does not say (clients send POST parameters
 * either way), and parameters nested absurdly deep are refused before validation walks them.
 */
export function normalizeRequestParams(req: Request, _res: Response, next: NextFunction): void {
  const body: unknown = req.body;
  if (Array.isArray(body))
    return next(new ValidationError('Validation failed: the body must be an object'));
  const params: Record<string, unknown> =
    body !== null && typeof body === 'object' ? { ...body } : {};
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    for (const [key, value] of Object.entries(req.query)) if (!(key in params)) params[key] = value;
  }
  if (
    nestsDeeperThan(params, MAX_PARAMETER_DEPTH) ||
    nestsDeeperThan(req.query, MAX_PARAMETER_DEPTH)
  ) {
    return next(new ValidationError('Validation failed: parameters are nested too deeply'));
  }
  req.body = params;
  next();
}
