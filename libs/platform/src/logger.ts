import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Params } from 'nestjs-pino';
import { AppConfig } from '@nestodon/config';

const REQUEST_ID = /^[A-Za-z0-9._-]{1,128}$/;

/** Structured JSON logs; each request carries an id (the client's X-Request-Id when sane). */
export function loggerParams(config: AppConfig, process: string): Params {
  return {
    pinoHttp: {
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
      autoLogging: { ignore: (req) => req.url === '/health' },
    },
  };
}
