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
 * Whether a parsed value holds U+0000 in any string or key (iterative). PostgreSQL cannot store
 * it in text, so it is refused here once instead of failing as a 500 deep in some query.
 */
export function containsNulCharacter(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const current = stack.pop();
    if (typeof current === 'string') {
      if (current.includes('\u0000')) return true;
    } else if (current !== null && typeof current === 'object') {
      for (const [key, child] of Object.entries(current)) {
        if (key.includes('\u0000')) return true;
        stack.push(child);
      }
    }
  }
  return false;
}

/** A path whose segments decode to U+0000 (route parameters are decoded after this layer). */
const NUL_IN_PATH = /%00/;

/**
 * Gives every handler a plain-object body, as Rails' `params` does: absent or unparsed bodies
 * become `{}`, query parameters fill in what the body does not say (clients send POST parameters
 * either way), and parameters nested absurdly deep or holding NUL characters (in the body, query
 * or path) are refused before any route sees them.
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
  if (
    NUL_IN_PATH.test(req.path) ||
    containsNulCharacter(params) ||
    containsNulCharacter(req.query)
  ) {
    return next(
      new ValidationError('Validation failed: parameters may not contain NUL characters'),
    );
  }
  req.body = params;
  next();
}
