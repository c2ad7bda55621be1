import { ConfigurationError, loadConfig, parseBoolean, QUEUE_NAMES } from '.';
import { assertNodeVersion } from './require-node';

describe('loadConfig', () => {
  it('reads Redis Sentinel as Mastodon names it, and refuses a malformed list', () => {
    const config = loadConfig({ REDIS_SENTINELS: 'a.example:26379,10.0.0.2:26380' });
    expect(config.redis.sentinels).toEqual([
      { host: 'a.example', port: 26379 },
      { host: '10.0.0.2', port: 26380 },
    ]);
    expect(() => loadConfig({ REDIS_SENTINELS: 'a.example' })).toThrow(/REDIS_SENTINELS/);
  });

  it('reads USE_REDIS: never turns the PostgreSQL adapters on, a bad value is refused', () => {
    expect(loadConfig({ USE_REDIS: 'never' }).redis).toMatchObject({
      enabled: false,
      use: 'never',
    });
    expect(loadConfig({ USE_REDIS: 'always' }).redis).toMatchObject({ enabled: true });
    expect(() => loadConfig({ USE_REDIS: 'sometimes' })).toThrow(/USE_REDIS/);
  });

  it('applies safe defaults', () => {
    const config = loadConfig({});
    expect(config.http).toMatchObject({ port: 3000, streamingPort: 4000, bind: '127.0.0.1' });
    expect(config.database.url).toBe('postgres://postgres@127.0.0.1:5432/nestodon_development');
    expect(config.redis).toEqual({
      enabled: true,
      use: 'auto',
      url: 'redis://127.0.0.1:6379/0',
      namespace: '',
      sentinels: null,
      sentinelMaster: 'mymaster',
      commandTimeoutMs: 1000,
    });
    expect(config.instance).toMatchObject({
      localDomain: 'localhost:3000',
      webDomain: 'localhost:3000',
      https: false,
      baseUrl: 'http://localhost:3000',
      streamingBaseUrl: 'ws://localhost:4000',
      registrationsMode: 'open',
      maxStatusChars: 500,
    });
  });

  it('reads secure mode and limited federation mode, which implies secure mode', () => {
    expect(loadConfig({}).federation).toEqual({
      authorizedFetch: false,
      limitedFederationMode: false,
    });
    expect(loadConfig({ AUTHORIZED_FETCH: 'true' }).federation.authorizedFetch).toBe(true);
    expect(loadConfig({ LIMITED_FEDERATION_MODE: 'true' }).federation).toEqual({
      authorizedFetch: true,
      limitedFederationMode: true,
    });
  });

  it('takes a contact address whose host has no dot (issue 15)', () => {
    expect(loadConfig({ INSTANCE_CONTACT_EMAIL: 'admin@localhost' }).instance.contactEmail).toBe(
      'admin@localhost',
    );
    expect(() => loadConfig({ INSTANCE_CONTACT_EMAIL: 'admin' })).toThrow(ConfigurationError);
  });

  it('logs readable lines in development and JSON elsewhere, unless LOG_FORMAT says', () => {
    expect(loadConfig({}).logFormat).toBe('pretty');
    const secret = 'x'.repeat(32);
    expect(loadConfig({ NODE_ENV: 'production', SECRET_KEY_BASE: secret }).logFormat).toBe('json');
    expect(loadConfig({ NODE_ENV: 'test' }).logFormat).toBe('json');
    expect(loadConfig({ LOG_FORMAT: 'json' }).logFormat).toBe('json');
    expect(() => loadConfig({ LOG_FORMAT: 'xml' })).toThrow(/LOG_FORMAT/);
  });

  it('derives https URLs for a public domain', () => {
    const config = loadConfig({ LOCAL_DOMAIN: 'example.com', WEB_DOMAIN: 'social.example.com' });
    expect(config.instance.baseUrl).toBe('https://social.example.com');
    expect(config.instance.streamingBaseUrl).toBe('wss://social.example.com');
    expect(config.instance.localDomain).toBe('example.com');
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://localhost/x'],
    ['REDIS_URL', 'http://localhost'],
    ['LOCAL_DOMAIN', 'not a domain'],
    ['REGISTRATIONS_MODE', 'sometimes'],
    ['JOBS_INLINE', 'maybe?'.repeat(0) + '[]'],
  ])('names %s when its value %p is bad', (name, value) => {
    let error: unknown;
    try {
      loadConfig({ [name]: value });
    } catch (caught) {
      error = caught;
    }
    if (name === 'JOBS_INLINE') {
      // Any non-false spelling is true: booleans cannot be malformed.
      expect(error).toBeUndefined();
      return;
    }
    expect(error).toBeInstanceOf(ConfigurationError);
    expect((error as Error).message).toContain(name);
    expect((error as Error).message).toContain(JSON.stringify(value));
  });

  it('stores media on disk unless S3 is enabled, with URLs to match', () => {
    expect(loadConfig({}).media).toMatchObject({
      baseUrl: 'http://localhost:3000/system',
      s3: null,
      ffmpegPath: null,
    });
    const aws = loadConfig({ S3_ENABLED: 'true', S3_BUCKET: 'media', S3_REGION: 'eu-west-1' });
    expect(aws.media.baseUrl).toBe('https://media.s3.eu-west-1.amazonaws.com');
    expect(aws.media.s3).toMatchObject({ endpoint: null, permission: 'public-read' });
    const minio = loadConfig({
      S3_ENABLED: 'true',
      S3_BUCKET: 'media',
      S3_ENDPOINT: 'http://127.0.0.1:9000/',
      AWS_ACCESS_KEY_ID: 'id',
      AWS_SECRET_ACCESS_KEY: 'secret',
    });
    expect(minio.media.baseUrl).toBe('http://127.0.0.1:9000/media');
    expect(minio.media.s3?.credentials).toEqual({ accessKeyId: 'id', secretAccessKey: 'secret' });
    const cdn = loadConfig({
      S3_ENABLED: 'true',
      S3_BUCKET: 'media',
      S3_ALIAS_HOST: 'files.example',
    });
    expect(cdn.media.baseUrl).toBe('https://files.example');
  });

  it('refuses S3 without a bucket or with half a key pair', () => {
    expect(() => loadConfig({ S3_ENABLED: 'true' })).toThrow(/S3_BUCKET/);
    expect(() =>
      loadConfig({ S3_ENABLED: 'true', S3_BUCKET: 'media', AWS_ACCESS_KEY_ID: 'id' }),
    ).toThrow(/AWS_SECRET_ACCESS_KEY/);
  });

  it('reports every bad variable at once', () => {
    expect(() => loadConfig({ PORT: 'x', STREAMING_PORT: 'y' })).toThrow(
      /PORT[\s\S]*STREAMING_PORT/,
    );
  });

  it('a worker consumes every queue at WORKER_CONCURRENCY unless WORKER_QUEUES says otherwise', () => {
    expect(loadConfig({ WORKER_CONCURRENCY: '3' }).jobs.queues).toEqual(
      QUEUE_NAMES.map((name) => ({ name, concurrency: 3 })),
    );
    expect(loadConfig({ WORKER_QUEUES: ' push:10 , default' }).jobs.queues).toEqual([
      { name: 'push', concurrency: 10 },
      { name: 'default', concurrency: 5 },
    ]);
  });

  it.each([
    [
      'unknown',
      /WORKER_QUEUES names an unknown queue "unknown" \(queues: default, push, mailers, scheduler, media, federation.deliver, ingress\)/,
    ],
    ['push,push', /WORKER_QUEUES names the queue "push" twice/],
    ['push:0', /WORKER_QUEUES gives "push" a concurrency outside 1-100/],
    ['push:many', /WORKER_QUEUES has "push:many" where a queue name/],
    ['push,', /WORKER_QUEUES has "" where a queue name/],
  ])('refuses WORKER_QUEUES=%p, naming the variable', (value, message) => {
    expect(() => loadConfig({ WORKER_QUEUES: value })).toThrow(message);
  });

  it('ignores empty values and unrelated variables', () => {
    expect(loadConfig({ PORT: '', HOME: '/root' }).http.port).toBe(3000);
  });
});

describe('parseBoolean', () => {
  it.each([false, 'false', 'FALSE', 'f', '0', 'off', 'no', '', ' ', undefined, null, 0])(
    '%p is false',
    (v) => {
      expect(parseBoolean(v)).toBe(false);
    },
  );
  it.each([true, 'true', 't', '1', 'on', 'yes', 'anything', 1])('%p is true', (v) => {
    expect(parseBoolean(v)).toBe(true);
  });
});

describe('assertNodeVersion', () => {
  it('stops an older Node with a clear message', () => {
    const exit = jest.spyOn(process, 'exit').mockImplementation((() => undefined) as never);
    const write = jest.spyOn(process.stderr, 'write').mockImplementation(() => true);
    assertNodeVersion('20.20.2');
    expect(exit).toHaveBeenCalledWith(1);
    expect(String(write.mock.calls[0][0])).toContain('needs Node.js 24');
    exit.mockRestore();
    write.mockRestore();
  });

  it('accepts Node 24 and newer', () => {
    const exit = jest.spyOn(process, 'exit').mockImplementation((() => undefined) as never);
    assertNodeVersion('24.1.0');
    assertNodeVersion('26.0.0');
    expect(exit).not.toHaveBeenCalled();
    exit.mockRestore();
  });
});
