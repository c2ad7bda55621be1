import {
  ArgumentsHost,
  Catch,
  ExceptionFilter,
  HttpException,
  HttpStatus,
  Logger,
} from '@nestjs/common';
import {
  DomainError,
  NotPermittedError,
  RaceConditionError,
  RateLimitExceededError,
  RecordNotFoundError,
  ValidationError,
} from '@nestodon/domain';
import { isRedisUnavailable } from '@nestodon/platform';
import type { Response } from 'express';
import { QueryFailedError } from 'typeorm';

export interface ErrorBody {
  error: string;
  error_description?: string;
  details?: unknown;
}

interface Mapped {
  status: number;
  body: ErrorBody;
}

const PARSER_ERRORS: Record<string, Mapped> = {
  'entity.parse.failed': { status: 422, body: { error: 'Invalid JSON data' } },
  'entity.too.large': { status: 413, body: { error: 'Request entity too large' } },
  'encoding.unsupported': { status: 422, body: { error: 'Invalid character encoding' } },
  'charset.unsupported': { status: 422, body: { error: 'Invalid character encoding' } },
  'parameters.too.many': { status: 413, body: { error: 'Too many parameters' } },
  'querystring.parse.rangeError': {
    status: 422,
    body: { error: 'Validation failed: parameters are nested too deeply' },
  },
};

const MULTER_ERRORS: Record<string, Mapped> = {
  LIMIT_FILE_SIZE: { status: 413, body: { error: 'File is too large' } },
  LIMIT_FIELD_VALUE: { status: 413, body: { error: 'A field value is too large' } },
};

// PostgreSQL errors that only bad input can cause.
const SQL_STATE: Record<string, Mapped> = {
  '23505': { status: 422, body: { error: 'Duplicate record' } },
  '22P02': { status: 422, body: { error: 'Validation failed: malformed value' } },
  '22003': { status: 422, body: { error: 'Value out of range' } },
  '22001': { status: 422, body: { error: 'Validation failed: value too long' } },
  '22021': { status: 422, body: { error: 'Invalid character encoding' } },
};

/** When a client should try again after a 503. */
const RETRY_AFTER_SECONDS = '2';

/** Mastodon's answer when a service it needs (here Redis) does not answer; the client may retry. */
const TEMPORARY_PROBLEM: Mapped = {
  status: 503,
  body: { error: 'There was a temporary problem serving your request, please try again' },
};

/** Other 4xx errors from HTTP middleware (http-errors objects that say they may be shown). */
function httpClientError(exception: unknown): Mapped | undefined {
  const error = exception as { status?: unknown; expose?: unknown; message?: unknown };
  if (
    typeof error?.status !== 'number' ||
    error.status < 400 ||
    error.status > 499 ||
    error.expose !== true
  ) {
    return undefined;
  }
  return { status: error.status, body: { error: String(error.message || 'Bad request') } };
}

/** A multipart body the parser could not read (truncated, bad headers). */
export class InvalidMultipartError extends Error {}

/** Maps every error to Mastodon's body, `{"error": …}`, and status. Bad input is never a 500. */
export function mapError(exception: unknown): Mapped {
  if (exception instanceof HttpException) {
    const status = exception.getStatus();
    const response = exception.getResponse();
    if (status === HttpStatus.NOT_FOUND) return { status, body: { error: 'Record not found' } };
    if (
      typeof response === 'object' &&
      response &&
      'error' in response &&
      !('statusCode' in response)
    ) {
      return { status, body: response as ErrorBody };
    }
    return { status, body: { error: exception.message } };
  }
  if (exception instanceof DomainError) {
    if (exception instanceof RecordNotFoundError)
      return { status: 404, body: { error: exception.message } };
    if (exception instanceof NotPermittedError)
      return { status: 403, body: { error: exception.message } };
    if (exception instanceof ValidationError) {
      const body: ErrorBody = { error: exception.message };
      if (exception.details) body.details = exception.details;
      return { status: 422, body };
    }
    if (exception instanceof RateLimitExceededError)
      return { status: 429, body: { error: exception.message } };
    if (exception instanceof RaceConditionError)
      return { status: 503, body: { error: exception.message } };
  }
  const type = (exception as { type?: string })?.type;
  if (type && PARSER_ERRORS[type]) return PARSER_ERRORS[type];
  const clientError = httpClientError(exception);
  if (clientError) return clientError;
  const multerCode =
    (exception as { name?: string; code?: string })?.name === 'MulterError'
      ? (exception as { code: string }).code
      : undefined;
  if (multerCode)
    return MULTER_ERRORS[multerCode] ?? { status: 422, body: { error: 'Invalid multipart data' } };
  if (exception instanceof InvalidMultipartError) {
    return { status: 422, body: { error: 'Invalid multipart data' } };
  }
  if (isRedisUnavailable(exception)) return TEMPORARY_PROBLEM;
  if (exception instanceof QueryFailedError) {
    const code = (exception.driverError as { code?: string })?.code;
    if (code && SQL_STATE[code]) return SQL_STATE[code];
  }
  return { status: 500, body: { error: 'Internal server error' } };
}

@Catch()
export class MastodonExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('HTTP');

  catch(exception: unknown, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Response>();
    const { status, body } = mapError(exception);
    // A 503 is a known, passing condition (an outage is logged once where it is noticed).
    if (status >= 500 && status !== 503)
      this.logger.error(exception instanceof Error ? exception.stack : String(exception));
    if (response.headersSent) return;
    if (status === 503) response.setHeader('Retry-After', RETRY_AFTER_SECONDS);
    response.status(status).json(body);
  }
}
