import type { Request, Response } from 'express';

export type Middleware = (req: Request, res: Response, next: (error?: unknown) => void) => void;

/**
 * Runs Express middleware (oauth2orize, passport) from a Nest handler. Resolves `'next'` when
 * the middleware passes the request on, `'responded'` when it answered the request itself, and
 * rejects with the error it passed to `next`.
 */
export function runMiddleware(
  req: Request,
  res: Response,
  ...chain: Middleware[]
): Promise<'next' | 'responded'> {
  return new Promise((resolve, reject) => {
    let settled = false;
    const settle = (outcome: 'next' | 'responded' | Error) => {
      if (settled) return;
      settled = true;
      res.off('finish', onFinish);
      res.off('close', onFinish);
      if (outcome instanceof Error) reject(outcome);
      else resolve(outcome);
    };
    const onFinish = () => settle('responded');
    res.once('finish', onFinish);
    res.once('close', onFinish);
    const step = (index: number) => {
      const middleware = chain[index];
      if (!middleware) return settle('next');
      try {
        middleware(req, res, (error?: unknown) => {
          if (error) {
            settle(error instanceof Error ? error : new Error(String(error)));
          } else {
            step(index + 1);
          }
        });
      } catch (error) {
        settle(error instanceof Error ? error : new Error(String(error)));
      }
    };
    step(0);
  });
}
