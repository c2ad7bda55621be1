import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Params } from 'nestjs-pino';
import pino, { DestinationStream, Logger } from 'pino';
import type { Options } from 'pino-http';
import type * as PinoPretty from 'pino-pretty';
import { AppConfig } from '@nestodon/config';

const REQUEST_ID = /^[A-Za-z0-9._-]{1,128}$/;

/** Paths whose requests are not logged: probes poll them every few seconds. */
const PROBE_PATHS = new Set(['/health', '/health/live', '/health/ready']);

/**
 * Where log lines go: standard output as JSON (production, and anything collecting logs), or
 * as readable coloured lines (LOG_FORMAT=pretty, the development default). The pretty stream
 * writes synchronously, so the last lines before an exit are not lost. pino-pretty is loaded only
 * then: JSON logs do not need it (about 0.6 MB of heap in each process).
 */
function destination(config: Pick<AppConfig, 'logFormat'>): DestinationStream | undefined {
  if (config.logFormat !== 'pretty') return undefined;
  const { build } = require('pino-pretty') as typeof PinoPretty;
  return build({
    sync: true,
    colorize: process.stdout.isTTY,
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: 'pid,hostname,process,context,req,res,responseTime',
    messageFormat:
      '[{process}] {if context}{context}: {end}{msg}{if req.method} {req.method} {req.url} {res.statusCode} {responseTime}ms{end}',
  });
}

/** Logs of the api, streaming and worker; each request carries an id (the client's X-Request-Id when sane). */
export function loggerParams(config: AppConfig, process: string): Params {
  const options: Options = {
    level: config.logLevel,
    base: { process },
    genReqId: (req: IncomingMessage, res: ServerResponse) => {
      const given = req.headers['x-request-id'];
      const id = typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
      res.setHeader('X-Request-Id', id);
      return id;
    },
    redact: ['req.headers.authorization', 'req.headers.cookie', 'req.query.access_token'],
    customLogLevel: (_req, res, error) => (error || res.statusCode >= 500 ? 'error' : 'info'),
    autoLogging: { ignore: (req) => PROBE_PATHS.has(req.url ?? '') },
  };
  const stream = destination(config);
  return { pinoHttp: stream ? [options, stream] : options };
}

/** A logger for code outside Nest (the launcher), formatted like the processes' logs. */
export function createLogger(config: AppConfig, process: string): Logger {
  const options = { level: config.logLevel, base: { process } };
  const stream = destination(config);
  return stream ? pino(options, stream) : pino(options);
}
