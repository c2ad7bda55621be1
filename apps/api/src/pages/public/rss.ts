import { AccountJson, StatusJson } from '@nestodon/serializers';
import { escapeHtml } from '@nestodon/text';
import { emojify } from './emojify';

// XML escaping is HTML's for text and attribute values.
const x = escapeHtml;

interface Channel {
  title: string;
  description: string;
  link: string;
  image?: string;
  generator: string;
}

/** An item's HTML: the content warning first, as Mastodon's feeds put it. */
function itemHtml(status: StatusJson): string {
  const content = emojify(status.content, status.emojis);
  return status.spoiler_text ? `<p>${x(status.spoiler_text)}</p><hr />${content}` : content;
}

function item(status: StatusJson): string {
  const url = status.url ?? status.uri;
  const media = status.media_attachments
    .filter((attachment) => attachment.url)
    .map((attachment) => {
      const medium = attachment.type === 'gifv' ? 'video' : attachment.type;
      const description = attachment.description
        ? `<media:description type="plain">${x(attachment.description)}</media:description>`
        : '';
      return (
        `<media:content url="${x(attachment.url!)}" medium="${x(medium)}">` +
        `<media:rating scheme="urn:simple">${status.sensitive ? 'adult' : 'nonadult'}</media:rating>` +
        `${description}</media:content>`
      );
    });
  return [
    '<item>',
    `<guid isPermaLink="true">${x(url)}</guid>`,
    `<link>${x(url)}</link>`,
    `<pubDate>${new Date(status.created_at).toUTCString()}</pubDate>`,
    `<description>${x(itemHtml(status))}</description>`,
    ...media,
    ...status.tags.map((tag) => `<category>${x(tag.name)}</category>`),
    '</item>',
  ].join('');
}

function feed(channel: Channel, statuses: StatusJson[]): string {
  const image = channel.image
    ? `<image><url>${x(channel.image)}</url><title>${x(channel.title)}</title><link>${x(channel.link)}</link></image>` +
      `<webfeeds:icon>${x(channel.image)}</webfeeds:icon>`
    : '';
  const lastBuild = statuses[0]
    ? `<lastBuildDate>${new Date(statuses[0].created_at).toUTCString()}</lastBuildDate>`
    : '';
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<rss version="2.0" xmlns:webfeeds="http://webfeeds.org/rss/1.0" xmlns:media="http://search.yahoo.com/mrss/">' +
    `<channel><title>${x(channel.title)}</title><description>${x(channel.description)}</description>` +
    `<link>${x(channel.link)}</link>${image}${lastBuild}<generator>${x(channel.generator)}</generator>` +
    statuses.map(item).join('') +
    '</channel></rss>\n'
  );
}

/** `/@username.rss`: the account's latest public posts. */
export function accountFeed(
  account: AccountJson,
  domain: string,
  statuses: StatusJson[],
  generator: string,
): string {
  return feed(
    {
      title: account.display_name || account.username,
      description: `Public posts from @${account.username}@${domain}`,
      link: account.url,
      image: account.avatar_static,
      generator,
    },
    statuses,
  );
}

/** `/tags/:name.rss`: the latest public posts with the tag. */
export function tagFeed(
  name: string,
  baseUrl: string,
  statuses: StatusJson[],
  generator: string,
): string {
  return feed(
    {
      title: `#${name}`,
      description: `Public posts tagged #${name}`,
      link: `${baseUrl}/tags/${encodeURIComponent(name)}`,
      generator,
    },
    statuses,
  );
}
