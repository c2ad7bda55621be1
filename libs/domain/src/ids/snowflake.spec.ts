import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { DataSource } from 'typeorm';
import { createTestDatabase, TestDatabase } from '@nestodon/testing';
import { dataSourceOptions } from '../data-source';
import { isValidId, snowflakeAt, snowflakeTime } from './snowflake';

describe('snowflake helpers', () => {
  it('round-trips a time', () => {
    const time = new Date('2026-11-21T12:00:00.123Z');
    expect(snowflakeTime(snowflakeAt(time, 42)).toISOString()).toBe(time.toISOString());
    expect(BigInt(snowflakeAt(time, 42)) & 0xffffn).toBe(42n);
  });

  it('sorts by time', () => {
    expect(BigInt(snowflakeAt(2000, 0xffff))).toBeLessThan(BigInt(snowflakeAt(2001, 0)));
  });

  it.each([
    ['123', true],
    ['9223372036854775807', true],
    ['9223372036854775808', false],
    ['-1', false],
    ['1e3', false],
    ['', false],
    [123, false],
  ])('isValidId(%p) is %p', (value, expected) => {
    expect(isValidId(value)).toBe(expected);
  });
});

describe('timestamp_id() in PostgreSQL', () => {
  let database: TestDatabase;
  const sources: DataSource[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await Promise.all(sources.map((source) => source.destroy()));
    await database.drop();
  });

  async function connect(): Promise<DataSource> {
    const source = new DataSource(dataSourceOptions({ url: database.url, poolSize: 4 }));
    await source.initialize();
    sources.push(source);
    return source;
  }

  it('mints unique, time-ordered ids under concurrency from many connections', async () => {
    const connections = await Promise.all([connect(), connect(), connect()]);
    const before = Date.now();
    const batches = await Promise.all(
      connections.flatMap((source) =>
        Array.from({ length: 8 }, () =>
          source.query(`SELECT timestamp_id('accounts')::text AS id FROM generate_series(1, 250)`),
        ),
      ),
    );
    const ids = batches.flat().map((row: { id: string }) => row.id);
    expect(ids).toHaveLength(3 * 8 * 250);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) {
      const ms = snowflakeTime(id).getTime();
      expect(ms).toBeGreaterThanOrEqual(before - 1000);
      expect(ms).toBeLessThanOrEqual(Date.now() + 1000);
    }
  });

  it('mints unique ids across separate operating-system processes', async () => {
    const script = `
      const { Client } = require('pg');
      (async () => {
        const client = new Client({ connectionString: process.argv[1] });
        await client.connect();
        const ids = [];
        for (let i = 0; i < 20; i++) {
          const { rows } = await client.query("SELECT timestamp_id('accounts')::text AS id FROM generate_series(1, 50)");
          ids.push(...rows.map((r) => r.id));
        }
        await client.end();
        process.stdout.write(JSON.stringify(ids));
      })();
    `;
    const run = promisify(execFile);
    const outputs = await Promise.all(
      Array.from({ length: 4 }, () =>
        run(process.execPath, ['-e', script, database.url], { cwd: process.cwd() }),
      ),
    );
    const ids = outputs.flatMap(({ stdout }) => JSON.parse(stdout) as string[]);
    expect(ids).toHaveLength(4 * 20 * 50);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('gives new accounts snowflake ids as decimal strings', async () => {
    const source = await connect();
    const [row] = await source.query(
      `INSERT INTO accounts (username) VALUES ('alice') RETURNING id::text AS id`,
    );
    expect(row.id).toMatch(/^\d{15,19}$/);
    expect(Math.abs(snowflakeTime(row.id).getTime() - Date.now())).toBeLessThan(5000);
  });
});
