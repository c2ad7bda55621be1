import { createAccountWithToken } from '@nestodon/testing';
import { connect } from 'node:net';
import { QueryRunner } from 'typeorm';
import { ApiHarness, startApi } from '../support/api-harness';

/**
 * Issue 13, load shedding and limits: bodies are small unless the route takes uploads, URLs and
 * headers are bounded, slow clients are cut off, and a request that cannot get a database
 * connection in time answers 503 with Retry-After instead of queueing without end.
 */
describe('request limits and load shedding', () => {
  let api: ApiHarness;
  let auth: string;

  beforeAll(async () => {
    api = await startApi({
      env: { DB_POOL: '2', DB_POOL_TIMEOUT_MS: '300', HTTP_HEADERS_TIMEOUT_MS: '1000' },
    });
    auth = (await createAccountWithToken(api.dataSource)).auth;
  });
  afterAll(() => api.close());

  const mebibytes = (n: number) => Buffer.alloc(n * 1024 * 1024, 'a');

  it('refuses JSON and form bodies over 1 MiB with 413', async () => {
    const json = await api.http
      .post('/api/v1/statuses')
      .set('Authorization', auth)
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ status: mebibytes(2).toString() }));
    expect(json.status).toBe(413);
    expect(json.body).toEqual({ error: 'Request entity too large' });
  });

  it('takes large files only on routes that accept uploads', async () => {
    const elsewhere = await api.http
      .post('/api/v1/statuses')
      .set('Authorization', auth)
      .field('status', 'with a file')
      .attach('file', mebibytes(2), 'big.bin');
    expect(elsewhere.status).toBe(413);
    expect(elsewhere.body).toEqual({ error: 'File is too large' });

    // Not an image, so refused, but for what it is, not for its size.
    const upload = await api.http
      .post('/api/v2/media')
      .set('Authorization', auth)
      .attach('file', mebibytes(2), 'big.bin');
    expect(upload.status).toBe(422);
  });

  it('refuses URLs over 8 KiB with 414', async () => {
    const answer = await api.http.get(`/api/v1/timelines/public?max_id=${'1'.repeat(9000)}`);
    expect(answer.status).toBe(414);
    expect(answer.body).toEqual({ error: 'URI too long' });
  });

  it('cuts off a client that sends its headers too slowly (slowloris)', async () => {
    const { port } = new URL(api.url);
    const socket = connect(Number(port), '127.0.0.1');
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (answer += chunk));
    const closed = new Promise<number>((resolve) => {
      const started = Date.now();
      socket.on('close', () => resolve(Date.now() - started));
    });
    socket.write('GET /api/v1/instance HTTP/1.1\r\nHost: localhost\r\n');
    const drip = setInterval(() => socket.write('X-Drip: 1\r\n'), 200);
    try {
      const elapsed = await closed;
      expect(answer).toMatch(/^HTTP\/1\.1 408/);
      expect(elapsed).toBeLessThan(3500);
    } finally {
      clearInterval(drip);
      socket.destroy();
    }
  });

  it('answers 503 with Retry-After when no database connection frees up in time', async () => {
    const status = await api.http
      .post('/api/v1/statuses')
      .set('Authorization', auth)
      .send({ status: 'still here' })
      .expect(200);
    // Every pooled connection is busy (DB_POOL=2).
    const held: QueryRunner[] = [];
    for (let i = 0; i < 2; i++) {
      const runner = api.dataSource.createQueryRunner();
      await runner.connect();
      held.push(runner);
    }
    try {
      const started = Date.now();
      const busy = await api.http.get(`/api/v1/statuses/${status.body.id}`);
      expect(busy.status).toBe(503);
      expect(busy.body).toEqual({
        error: 'There was a temporary problem serving your request, please try again',
      });
      expect(busy.headers['retry-after']).toBeDefined();
      expect(Date.now() - started).toBeLessThan(1500);
    } finally {
      for (const runner of held) await runner.release();
    }
    await api.http.get(`/api/v1/statuses/${status.body.id}`).expect(200);
  });
});
