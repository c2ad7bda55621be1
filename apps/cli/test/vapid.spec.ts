import { loadConfig } from '@nestodon/config';
import { Command } from 'commander';
import { vapidCommand } from '../src/commands/vapid.command';

describe('operator CLI: vapid generate', () => {
  it('prints a key pair the configuration accepts', async () => {
    const output: string[] = [];
    await new Command('nestodon')
      .addCommand(vapidCommand({ print: (line) => output.push(line) }))
      .parseAsync(['vapid', 'generate'], { from: 'user' });
    expect(output).toEqual([
      expect.stringMatching(/^VAPID_PRIVATE_KEY=[A-Za-z0-9_-]{43}$/),
      expect.stringMatching(/^VAPID_PUBLIC_KEY=[A-Za-z0-9_-]{87}$/),
    ]);
    const env = Object.fromEntries(output.map((line) => line.split('=') as [string, string]));
    const config = loadConfig({ NODE_ENV: 'test', ...env });
    expect(config.push.vapid).toEqual({
      publicKey: env.VAPID_PUBLIC_KEY,
      privateKey: env.VAPID_PRIVATE_KEY,
    });
  });

  it('refuses one key without the other', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', VAPID_PUBLIC_KEY: 'B'.repeat(87) })).toThrow(
      /VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together/,
    );
  });
});
