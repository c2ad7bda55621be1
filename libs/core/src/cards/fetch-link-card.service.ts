import { Injectable, Logger } from '@nestjs/common';
import {
  PreviewCard,
  PreviewCardRepository,
  previewCardImageKey,
  StatusRepository,
  StatusVisibility,
} from '@nestodon/domain';
import { SafeHttpClient } from '@nestodon/platform';
import { randomBytes } from 'node:crypto';
import sanitizeHtml from 'sanitize-html';
import { ImagePipeline } from '../media/image-pipeline';
import { MediaStorage } from '../media/media-storage';
import { firstLinkOf, OembedData, readOembed, readPageMetadata } from './link-card-parser';

/** A card is fetched again once it is this old. */
export const CARD_REFRESH_MS = 7 * 24 * 3600 * 1000;
/** Mastodon's card image box. */
const CARD_IMAGE_PIXELS = 640 * 640;
const PAGE_BYTES = 1024 * 1024;
const IMAGE_BYTES = 8 * 1024 * 1024;

/**
 * oEmbed providers whose `html` (an iframe player) cards keep; others give metadata only, so a
 * page cannot put its own markup into clients.
 */
export const EMBED_PROVIDER_HOSTS = new Set([
  'www.youtube.com',
  'youtube.com',
  'www.youtube-nocookie.com',
  'player.vimeo.com',
  'vimeo.com',
]);

/** One iframe with an https source, nothing else, from an allow-listed provider's html. */
function embedHtml(oembed: OembedData, oembedUrl: string): string {
  if (oembed.type !== 'video' && oembed.type !== 'rich') return '';
  if (!EMBED_PROVIDER_HOSTS.has(new URL(oembedUrl).hostname)) return '';
  return sanitizeHtml(oembed.html, {
    allowedTags: ['iframe'],
    allowedAttributes: { iframe: ['src', 'width', 'height', 'allowfullscreen', 'frameborder'] },
    allowedSchemes: ['https'],
    allowedIframeHostnames: [...EMBED_PROVIDER_HOSTS],
  });
}

/**
 * Mastodon's FetchLinkCardService, run by the worker after a status is posted: the first link
 * of a public or unlisted status (not a mention or hashtag) gets a preview card, read from the
 * page's OpenGraph/Twitter metadata and its oEmbed document through the SSRF-safe client, with
 * the image re-encoded into media storage and a blurhash. A URL is fetched once and again after
 * a week; a page that cannot be read gives no card (never an error for the status).
 */
@Injectable()
export class FetchLinkCardService {
  private readonly logger = new Logger(FetchLinkCardService.name);

  constructor(
    private readonly statuses: StatusRepository,
    private readonly cards: PreviewCardRepository,
    private readonly http: SafeHttpClient,
    private readonly images: ImagePipeline,
    private readonly storage: MediaStorage,
  ) {}

  /** Whether the status got a card. */
  async call(statusId: string, now = Date.now()): Promise<boolean> {
    const status = await this.statuses.findOneWithRelations(statusId);
    if (
      !status ||
      status.reblogOfId ||
      (status.visibility !== StatusVisibility.Public &&
        status.visibility !== StatusVisibility.Unlisted)
    ) {
      return false;
    }
    const url = firstLinkOf(status.contentHtml);
    if (!url) return false;
    let card = await this.cards.findByUrl(url);
    if (!card || !card.fetchedAt || now - card.fetchedAt.getTime() > CARD_REFRESH_MS) {
      card = (await this.fetchCard(url, card)) ?? card;
    }
    if (!card) return false;
    await this.cards.attach(status.id, card.id, url);
    return true;
  }

  private async fetchCard(url: string, existing: PreviewCard | null): Promise<PreviewCard | null> {
    try {
      const response = await this.http.fetch(url, {
        headers: { accept: 'text/html,application/xhtml+xml' },
        maxBytes: PAGE_BYTES,
      });
      const type = response.headers.get('content-type') ?? '';
      if (!response.ok || !/html/i.test(type)) {
        await response.body?.cancel();
        return null;
      }
      const page = readPageMetadata(await response.text(), response.url || url);
      const oembed = page.oembedUrl ? await this.fetchOembed(page.oembedUrl) : null;
      const fields: Partial<PreviewCard> = {
        ...(existing ? { id: existing.id } : {}),
        url,
        title: oembed?.title || page.title,
        description: page.description,
        type: oembed?.type ?? page.type,
        article: page.article,
        html: oembed && page.oembedUrl ? embedHtml(oembed, page.oembedUrl) : '',
        authorName: oembed?.authorName || page.authorName,
        authorUrl: oembed?.authorUrl || page.authorUrl,
        providerName: oembed?.providerName || page.providerName,
        providerUrl: oembed?.providerUrl ?? '',
        width: oembed?.width || page.width,
        height: oembed?.height || page.height,
        imageDescription: page.imageDescription,
        language: page.language,
        publishedAt: page.publishedAt,
        fetchedAt: new Date(),
      };
      if (!fields.title && !fields.html) return null;
      const saved = await this.cards.save(fields);
      const image = oembed?.image ?? page.image;
      return image ? await this.storeImage(saved, image) : saved;
    } catch (error) {
      this.logger.debug(`No card for ${url}: ${(error as Error).message}`);
      return null;
    }
  }

  private async fetchOembed(oembedUrl: string): Promise<OembedData | null> {
    try {
      const response = await this.http.fetch(oembedUrl, {
        headers: { accept: 'application/json' },
        maxBytes: PAGE_BYTES,
      });
      if (!response.ok) {
        await response.body?.cancel();
        return null;
      }
      return readOembed(await response.json(), oembedUrl);
    } catch {
      return null;
    }
  }

  /** Re-encodes the card's picture into media storage (a bad picture leaves the card without). */
  private async storeImage(card: PreviewCard, imageUrl: string): Promise<PreviewCard> {
    try {
      const response = await this.http.fetch(imageUrl, { maxBytes: IMAGE_BYTES });
      if (!response.ok) {
        await response.body?.cancel();
        return card;
      }
      const input = Buffer.from(await response.arrayBuffer());
      const header = await this.images.header(input);
      const format = header.format === 'png' || header.format === 'webp' ? header.format : 'jpeg';
      const encoded = await this.images.encode(input, header, CARD_IMAGE_PIXELS, format);
      const previous = card.imageFileName
        ? previewCardImageKey({ ...card, imageFileName: card.imageFileName })
        : null;
      const imageFileName = `${randomBytes(8).toString('hex')}.${encoded.extension}`;
      await this.storage.put(previewCardImageKey({ id: card.id, imageFileName }), encoded.data, {
        contentType: encoded.contentType,
      });
      const saved = await this.cards.save({
        ...card,
        imageFileName,
        imageContentType: encoded.contentType,
        imageFileSize: encoded.data.length,
        blurhash: await this.images.blurhash(encoded.data),
        // A link card is as large as its stored picture (as Mastodon's), whatever the page
        // declared; players keep the size their oEmbed gave.
        width: card.type === 'link' ? encoded.width : card.width || encoded.width,
        height: card.type === 'link' ? encoded.height : card.height || encoded.height,
      });
      if (previous) await this.storage.deleteUnused([previous]);
      return saved;
    } catch (error) {
      this.logger.debug(`No card image from ${imageUrl}: ${(error as Error).message}`);
      return card;
    }
  }
}
