import { ConfigurationError, loadConfig, parseBoolean } from '.';
import { assertNodeVersion } from './require-node';

describe('loadConfig', () => {
  it('applies safe defaults', () => {
    const config = loadConfig({});
    expect(config.http).toMatchObject({ port: 3000, streamingPort: 4000, bind: '127.0.0.1' });
    expect(config.database.url).toBe('postgres://postgres@127.0.0.1:5432/nestodon_development');
    expect(config.redis).toEqual({ url: 'redis://127.0.0.1:6379/0', namespace: '' });
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

  it('reports every bad variable at once', () => {
    expect(() => loadConfig({ PORT: 'x', STREAMING_PORT: 'y' })).toThrow(
      /PORT[\s\S]*STREAMING_PORT/,
    );
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
