import { once } from 'node:events';
import { createServer, Server } from 'node:net';
import { loadConfig } from '@nestodon/config';
import { freePort } from './net-probe';
import { resolveRedisUse } from './redis-use';

describe('resolveRedisUse', () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
  });

  const resolveWith = (vars: Record<string, string>) => {
    for (const name of ['USE_REDIS', 'REDIS_URL', 'REDIS_SENTINELS']) delete process.env[name];
    Object.assign(process.env, vars);
    return resolveRedisUse(loadConfig(vars));
  };

  it('keeps an explicit choice without probing', async () => {
    expect((await resolveWith({ USE_REDIS: 'never' })).redis.enabled).toBe(false);
    expect((await resolveWith({ USE_REDIS: 'always' })).redis.enabled).toBe(true);
  });

  it('settles auto on PostgreSQL when nothing answers at the address, and says so to children', async () => {
    const port = await freePort();
    // The address is probed, not configured: REDIS_URL is unset in the real environment.
    const config = loadConfig({ REDIS_URL: `redis://127.0.0.1:${port}/0` });
    delete process.env.REDIS_URL;
    delete process.env.USE_REDIS;
    const resolved = await resolveRedisUse(config);
    expect(resolved.redis).toMatchObject({ enabled: false, use: 'never' });
    expect(process.env.USE_REDIS).toBe('never');
  });

  it('settles auto on Redis when something answers, or when REDIS_URL is set', async () => {
    const server: Server = createServer((socket) => socket.destroy()).listen(0, '127.0.0.1');
    await once(server, 'listening');
    try {
      const { port } = server.address() as { port: number };
      const config = loadConfig({ REDIS_URL: `redis://127.0.0.1:${port}/0` });
      delete process.env.REDIS_URL;
      expect((await resolveRedisUse(config)).redis.enabled).toBe(true);
      expect(process.env.USE_REDIS).toBe('always');
      const unreachable = `redis://127.0.0.1:${await freePort()}/0`;
      expect((await resolveWith({ REDIS_URL: unreachable })).redis.enabled).toBe(true);
    } finally {
      server.close();
    }
  });
});
