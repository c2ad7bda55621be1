import {
  ExportCustomEmojisService,
  ImportCustomEmojisService,
  PurgeCustomEmojisService,
} from '@nestodon/core';
import { Command } from 'commander';
import { CliRuntime } from '../cli-runtime';

/** `emoji import|export|purge`, with tootctl's names, options and output. */
export function emojiCommand(runtime: CliRuntime): Command {
  const emoji = new Command('emoji').description("this server's custom emojis");

  emoji
    .command('import')
    .argument('<path>', 'a .tar.gz of PNG and GIF images, each named after its shortcode')
    .description('import custom emojis from a TAR GZIP archive')
    .option('--prefix <prefix>', 'added before every shortcode')
    .option('--suffix <suffix>', 'added after every shortcode')
    .option('--overwrite', 'replace the images of existing shortcodes', false)
    .option('--unlisted', 'not offered in emoji pickers (still usable)', false)
    .option('--category <name>', 'the category the emojis are grouped under')
    .action(
      (
        path: string,
        options: {
          prefix?: string;
          suffix?: string;
          overwrite: boolean;
          unlisted: boolean;
          category?: string;
        },
      ) =>
        runtime.withContext(async (app) => {
          const result = await app.get(ImportCustomEmojisService).call(path, options);
          for (const failure of result.failed) {
            runtime.print(`Failure/Error: ${failure.entry}`);
            runtime.print(`    ${failure.message}`);
          }
          runtime.print(
            `Imported ${result.imported}, skipped ${result.skipped}, ` +
              `failed to import ${result.failed.length}`,
          );
        }),
    );

  emoji
    .command('export')
    .argument('<path>', 'the folder to write export.tar.gz in')
    .description("export this server's custom emojis to PATH/export.tar.gz")
    .option('--category <name>', 'only the emojis of this category')
    .option('--overwrite', 'replace an existing archive', false)
    .action((path: string, options: { category?: string; overwrite: boolean }) =>
      runtime.withContext(async (app) => {
        const { exported } = await app
          .get(ExportCustomEmojisService)
          .call(path, options, (shortcode) => runtime.print(`Adding '${shortcode}'...`));
        runtime.print(`Exported ${exported}`);
      }),
    );

  emoji
    .command('purge')
    .description('remove all custom emojis')
    .option('--remote-only', "only other servers' emojis", false)
    .action((options: { remoteOnly: boolean }) =>
      runtime.withContext(async (app) => {
        await app.get(PurgeCustomEmojisService).call(options);
        runtime.print('OK');
      }),
    );

  return emoji;
}
