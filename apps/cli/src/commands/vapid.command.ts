import { Command } from 'commander';
import webpush from 'web-push';
import { CliRuntime } from '../cli-runtime';

/**
 * `vapid generate`: a new VAPID key pair for Web Push, as the two environment lines to set.
 * Changing the keys later makes every device subscribe again.
 */
export function vapidCommand(runtime: Pick<CliRuntime, 'print'>): Command {
  const vapid = new Command('vapid').description('Web Push (VAPID) keys');
  vapid
    .command('generate')
    .description('print a new VAPID key pair as VAPID_PRIVATE_KEY and VAPID_PUBLIC_KEY lines')
    .action(() => {
      const keys = webpush.generateVAPIDKeys();
      runtime.print(`VAPID_PRIVATE_KEY=${keys.privateKey}`);
      runtime.print(`VAPID_PUBLIC_KEY=${keys.publicKey}`);
    });
  return vapid;
}
