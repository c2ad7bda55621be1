import { Logger } from '@nestjs/common';
import { OAuthError } from '@nestodon/auth';
import type { Response } from 'express';

const logger = new Logger('OAuth');

/** Server errors behind an OAuth answer are logged; client errors are not. */
export function logServerError(error: OAuthError): void {
  if (error.code !== 'server_error') return;
  const cause = error.cause;
  logger.error(cause instanceof Error ? (cause.stack ?? cause.message) : String(cause));
}

/** An RFC 6749 error body with its status; a failed Basic login also gets the challenge. */
export function sendOAuthError(res: Response, error: OAuthError, triedBasic = false): void {
  logServerError(error);
  if (res.headersSent) return;
  if (error.code === 'invalid_client' && triedBasic) {
    res.setHeader('WWW-Authenticate', 'Basic realm="OAuth"');
  }
  res.setHeader('Cache-Control', 'no-store');
  res.status(error.status).json(error.body);
}
