import { createServer, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { redisFeedKey } from '@nestodon/core';
import { RedisService } from '@nestodon/platform';
import { defineBenchmark } from '../benchmark';
import { seedTimelines } from '../seed-timelines';

const PAGE = 20;
const CACHE_PREFIX = 'floor:status:';

interface FloorState {
  auths: string[];
  server: Server;
  url: string;
}

/**
 * The least a home page can cost here: a Node http server without framework answers
 * GET /api/v1/timelines/home?limit=20 from the same Redis feeds as the api, each status's JSON
 * from a prepared Redis cache (as the api rendered it), the token from a map in memory. Two
 * Redis round trips a page, no PostgreSQL. Run it beside the others (`npm run bench -- floor
 * home-timeline …`) to read each as a share of it.
 */
export default defineBenchmark<FloorState>({
  description: 'the home page from Redis by a bare Node http server (the floor of the others)',
  async setup(ctx) {
    const { auths, accountIds } = await seedTimelines(ctx);
    const redis = ctx.app.get(RedisService).connection({ keyPrefix: ctx.config.redis.namespace });
    // The prepared cache: every status of every first page, as the api renders it.
    const accountOf = new Map<string, string>();
    for (const [index, authorization] of auths.entries()) {
      accountOf.set(authorization, accountIds[index]);
      const response = await fetch(`${ctx.url}/api/v1/timelines/home?limit=${PAGE}`, {
        headers: { authorization },
      });
      const page = (await response.json()) as Array<{ id: string }>;
      const pipeline = redis.pipeline();
      for (const status of page) pipeline.set(CACHE_PREFIX + status.id, JSON.stringify(status));
      await pipeline.exec();
    }
    const server = createServer((request, response) => {
      const accountId = accountOf.get(request.headers.authorization ?? '');
      if (!accountId) {
        response.writeHead(401, { 'content-type': 'application/json' });
        response.end('{"error":"The access token is invalid"}');
        return;
      }
      redis
        .zrevrange(redisFeedKey('home', accountId), 0, PAGE - 1)
        .then((ids) => (ids.length ? redis.mget(ids.map((id) => CACHE_PREFIX + id)) : []))
        .then((statuses) => {
          const body = `[${statuses.filter((json) => json !== null).join(',')}]`;
          response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
          response.end(body);
        })
        .catch(() => {
          response.writeHead(503);
          response.end();
        });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return { auths, server, url };
  },
  target: (_ctx, { url }) => url,
  requests: (_ctx, { auths }) =>
    auths.map((authorization) => ({
      method: 'GET',
      path: `/api/v1/timelines/home?limit=${PAGE}`,
      headers: { authorization },
    })),
  async afterLoad(_ctx, { server }) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  },
});
