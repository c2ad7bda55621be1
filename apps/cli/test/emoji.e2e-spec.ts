import { CustomEmojiImages } from '@nestodon/core';
import { CustomEmoji, CustomEmojiRepository } from '@nestodon/domain';
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import sharp from 'sharp';
import { Readable } from 'node:stream';
import { extract, pack } from 'tar-stream';
import { CliHarness, startCli } from './support/cli-harness';

/** A small real picture in a format sharp writes. */
const picture = (format: 'png' | 'gif', colour: string) =>
  sharp({ create: { width: 32, height: 32, channels: 4, background: colour } })
    .toFormat(format)
    .toBuffer();

/** Writes a .tar.gz of the entries, as an operator would make one with tar. */
async function archive(path: string, entries: Array<[string, Buffer]>): Promise<string> {
  const tar = pack();
  const writing = pipeline(tar, createGzip(), createWriteStream(path));
  for (const [name, data] of entries) tar.entry({ name }, data);
  tar.finalize();
  await writing;
  return path;
}

async function entriesOf(path: string): Promise<Map<string, Buffer>> {
  const found = new Map<string, Buffer>();
  const reader = extract();
  const reading = pipeline(Readable.from(await readFile(path)), createGunzip(), reader);
  for await (const entry of reader) {
    const chunks: Buffer[] = [];
    for await (const chunk of entry) chunks.push(chunk as Buffer);
    found.set(entry.header.name, Buffer.concat(chunks));
  }
  await reading;
  return found;
}

describe('operator CLI: emoji', () => {
  let cli: CliHarness;
  let folder: string;
  let emojis: CustomEmojiRepository;
  let images: CustomEmojiImages;

  beforeAll(async () => {
    cli = await startCli();
    emojis = cli.app.get(CustomEmojiRepository);
    images = cli.app.get(CustomEmojiImages);
    folder = await mkdtemp(join(tmpdir(), 'nestodon-emoji-'));
  });
  afterAll(async () => {
    await cli.close();
    await rm(folder, { recursive: true, force: true });
  });

  const local = (shortcode: string) => emojis.findLocalByShortcode(shortcode);

  it('imports the PNG and GIF images of an archive, skipping existing ones unless overwritten', async () => {
    const red = await picture('png', '#ff0000');
    const gif = await picture('gif', '#00ff00');
    const path = await archive(join(folder, 'pack.tar.gz'), [
      ['pack/blobcat.png', red],
      ['pack/party.gif', gif],
      ['pack/._blobcat.png', Buffer.from('resource fork')],
      ['pack/readme.txt', Buffer.from('not an emoji')],
      ['pack/broken.png', Buffer.from('this is not a PNG')],
      ['pack/huge.png', Buffer.alloc(300 * 1024)],
      ['pack/x.png', red],
    ]);

    expect(
      await cli.run('emoji', 'import', path, '--prefix', 'my_', '--category', 'Blobs'),
    ).toEqual([
      'Failure/Error: pack/broken.png',
      '    Image content type is invalid',
      'Failure/Error: pack/huge.png',
      '    Image file size must be less than 256 KB',
      'Imported 3, skipped 0, failed to import 2',
    ]);
    const blobcat = (await local('my_blobcat'))!;
    expect(blobcat).toMatchObject({
      domain: null,
      category: 'Blobs',
      visibleInPicker: true,
      imageContentType: 'image/png',
    });
    const party = (await local('MY_PARTY'))!;
    expect(party.imageContentType).toBe('image/gif');
    expect(await images.read({ id: party.id, imageFileName: party.imageFileName! })).toEqual(gif);
    const still = await images.read(
      { id: party.id, imageFileName: party.imageFileName! },
      'static',
    );
    expect((await sharp(still).metadata()).format).toBe('png');
    expect(await local('my_x')).not.toBeNull();

    // Again: everything exists (whatever the case of the shortcode).
    expect(await cli.run('emoji', 'import', path, '--prefix', 'MY_')).toEqual([
      'Failure/Error: pack/broken.png',
      '    Image content type is invalid',
      'Failure/Error: pack/huge.png',
      '    Image file size must be less than 256 KB',
      'Imported 0, skipped 3, failed to import 2',
    ]);

    const blue = await picture('png', '#0000ff');
    const replacing = await archive(join(folder, 'replace.tar.gz'), [['blobcat.png', blue]]);
    expect(
      await cli.run('emoji', 'import', replacing, '--prefix', 'my_', '--overwrite', '--unlisted'),
    ).toEqual(['Imported 1, skipped 0, failed to import 0']);
    const replaced = (await local('my_blobcat'))!;
    expect(replaced.id).toBe(blobcat.id);
    expect(replaced).toMatchObject({ visibleInPicker: false, category: null });
    expect(await images.read({ id: replaced.id, imageFileName: replaced.imageFileName! })).toEqual(
      blue,
    );
    // The replaced image's files are gone.
    await expect(
      images.read({ id: blobcat.id, imageFileName: blobcat.imageFileName! }),
    ).rejects.toThrow();
  });

  it('refuses a shortcode Mastodon would not accept', async () => {
    const path = await archive(join(folder, 'bad.tar.gz'), [
      ['a.png', await picture('png', '#123456')],
      ['with-dash.png', await picture('png', '#123456')],
    ]);
    const output = await cli.run('emoji', 'import', path);
    expect(output.at(-1)).toBe('Imported 0, skipped 0, failed to import 2');
  });

  it('exports emojis named by shortcode, by category, and will not overwrite without asking', async () => {
    const path = await archive(join(folder, 'cats.tar.gz'), [
      ['cat_one.png', await picture('png', '#aa0000')],
      ['cat_two.gif', await picture('gif', '#00aa00')],
    ]);
    await cli.run('emoji', 'import', path, '--category', 'Cats');
    const out = join(folder, 'out');
    await mkdir(out);

    expect(await cli.run('emoji', 'export', out, '--category', 'Cats')).toEqual([
      "Adding 'cat_one'...",
      "Adding 'cat_two'...",
      'Exported 2',
    ]);
    const exported = await entriesOf(join(out, 'export.tar.gz'));
    expect([...exported.keys()].sort()).toEqual(['cat_one.png', 'cat_two.gif']);
    const one = (await local('cat_one'))!;
    expect(exported.get('cat_one.png')).toEqual(
      await images.read({ id: one.id, imageFileName: one.imageFileName! }),
    );

    await expect(cli.run('emoji', 'export', out)).rejects.toThrow(
      "Archive already exists! Use '--overwrite' to overwrite it!",
    );
    await expect(
      cli.run('emoji', 'export', out, '--overwrite', '--category', 'Nope'),
    ).rejects.toThrow("Unable to find category 'Nope'!");
    const all = await cli.run('emoji', 'export', out, '--overwrite');
    const everything = await entriesOf(join(out, 'export.tar.gz'));
    expect(everything.size).toBeGreaterThan(2);
    expect(all.at(-1)).toBe(`Exported ${everything.size}`);

    // The archive imports back (as tootctl's does).
    await cli.run('emoji', 'purge');
    expect(await cli.run('emoji', 'import', join(out, 'export.tar.gz'))).toEqual([
      `Imported ${everything.size}, skipped 0, failed to import 0`,
    ]);
  });

  it('purges remote emojis only, or all with their files', async () => {
    await cli.dataSource.getRepository(CustomEmoji).save({
      shortcode: 'far',
      domain: 'remote.example',
      imageRemoteUrl: 'https://remote.example/far.png',
    });
    const kept = (await emojis.batch({ local: true }, '0', 1))[0];
    expect(await cli.run('emoji', 'purge', '--remote-only')).toEqual(['OK']);
    expect(await emojis.batch({ remote: true }, '0', 10)).toEqual([]);
    expect(await local(kept.shortcode)).not.toBeNull();

    expect(await cli.run('emoji', 'purge')).toEqual(['OK']);
    expect(await emojis.batch({}, '0', 10)).toEqual([]);
    await expect(
      images.read({ id: kept.id, imageFileName: kept.imageFileName! }),
    ).rejects.toThrow();
  });
});
