import { AccountJson, StatusJson } from '@nestodon/serializers';
import { escapeHtml, htmlToText } from '@nestodon/text';
import { html, SafeHtml } from '../html';
import { emojify } from './emojify';
import { publicLayout } from './public-layout';

export interface PublicSite {
  /** The handle domain (LOCAL_DOMAIN). */
  domain: string;
  title: string;
  baseUrl: string;
}

const ACTIVITY_JSON = 'application/activity+json';
const RSS = 'application/rss+xml';

const displayName = (account: AccountJson) => account.display_name || account.username;
const handle = (account: AccountJson, site: PublicSite) =>
  `@${account.username}@${account.acct.includes('@') ? account.acct.split('@')[1] : site.domain}`;
/** A description for meta tags: plain text, one line, at most 300 characters. */
const summary = (htmlText: string) => {
  const text = htmlToText(htmlText).replace(/\s+/g, ' ').trim();
  return text.length > 300 ? `${text.slice(0, 299)}…` : text;
};

function authorLine(account: AccountJson, site: PublicSite, size: 'small' | 'large'): SafeHtml {
  return html`<div class="author">
    <img
      class="${size === 'small' ? 'avatar small' : 'avatar'}"
      src="${account.avatar_static}"
      alt=""
    />
    <div class="names">
      <a href="${account.url}"
        ><strong
          >${new SafeHtml(emojify(escapeHtml(displayName(account)), account.emojis))}</strong
        ></a
      ><br /><span class="handle">${handle(account, site)}</span>
    </div>
  </div>`;
}

function mediaOf(status: StatusJson): SafeHtml {
  return html`${status.media_attachments.map((media) => {
    if (!media.url) return '';
    const alt = media.description ?? '';
    if (media.type === 'image') {
      return html`<a href="${media.url}"
        ><img src="${media.preview_url ?? media.url}" alt="${alt}"
      /></a>`;
    }
    if (media.type === 'gifv') {
      return html`<video
        src="${media.url}"
        autoplay
        loop
        muted
        playsinline
        aria-label="${alt}"
      ></video>`;
    }
    if (media.type === 'video' || media.type === 'audio') {
      return html`<video src="${media.url}" controls preload="none" aria-label="${alt}"></video>`;
    }
    return html`<a href="${media.url}">${alt || media.url}</a>`;
  })}`;
}

/** One post: author, text (behind its content warning), media, date and a link to it. */
function statusCard(status: StatusJson, site: PublicSite): SafeHtml {
  const content = new SafeHtml(emojify(status.content, status.emojis));
  const body = html`<div class="content" lang="${status.language ?? ''}">${content}</div>
    <div class="media">${mediaOf(status)}</div>`;
  return html`<article class="card">
    ${authorLine(status.account, site, 'small')}
    ${
      status.spoiler_text
        ? html`<details>
            <summary>
              ${new SafeHtml(emojify(escapeHtml(status.spoiler_text), status.emojis))}
            </summary>
            ${body}
          </details>`
        : body
    }
    <p class="meta">
      <a href="${status.url ?? status.uri}"
        ><time datetime="${status.created_at}">${status.created_at.slice(0, 10)}</time></a
      >
      · ${status.replies_count} replies · ${status.reblogs_count} boosts ·
      ${status.favourites_count} favourites
    </p>
  </article>`;
}

/** `/@username`: the profile with its fields (links keep rel="me") and latest public posts. */
export function profilePage(
  site: PublicSite,
  account: AccountJson,
  statuses: StatusJson[],
  options: { noindex: boolean },
): SafeHtml {
  const fields = account.fields.length
    ? html`<dl class="fields">
        ${account.fields.map(
          (field) =>
            html`<dt>${new SafeHtml(emojify(escapeHtml(field.name), account.emojis))}</dt>
              <dd>${new SafeHtml(emojify(field.value, account.emojis))}</dd>`,
        )}
      </dl>`
    : '';
  return publicLayout(
    {
      title: `${displayName(account)} (${handle(account, site)})`,
      description: summary(account.note) || `Posts by ${handle(account, site)}`,
      url: account.url,
      type: 'profile',
      image: account.avatar_static,
      alternates: [
        { type: ACTIVITY_JSON, href: account.uri },
        { type: RSS, href: `${account.url}.rss` },
      ],
      noindex: options.noindex,
      siteName: site.title,
      extra: { 'profile:username': handle(account, site).slice(1) },
    },
    html`<section class="card">
        <img class="header" src="${account.header_static}" alt="" />
        ${authorLine(account, site, 'large')}
        <div class="content">${new SafeHtml(emojify(account.note, account.emojis))}</div>
        ${fields}
        <p class="meta">
          ${account.statuses_count} posts · ${account.following_count} following ·
          ${account.followers_count} followers
        </p>
      </section>
      ${statuses.map((status) => statusCard(status, site))}`,
  );
}

/** `/@username/:id`: one post. */
export function statusPage(
  site: PublicSite,
  status: StatusJson,
  options: { noindex: boolean },
): SafeHtml {
  const image = status.media_attachments.find((media) => media.type === 'image');
  return publicLayout(
    {
      title: `${displayName(status.account)}: "${summary(status.spoiler_text ? status.spoiler_text : status.content).slice(0, 80)}"`,
      description: status.spoiler_text
        ? `Content warning: ${status.spoiler_text}`
        : summary(status.content),
      url: status.url ?? status.uri,
      type: 'article',
      image: status.sensitive
        ? status.account.avatar_static
        : (image?.preview_url ?? status.account.avatar_static),
      alternates: [{ type: ACTIVITY_JSON, href: status.uri }],
      noindex: options.noindex,
      siteName: site.title,
      lang: status.language,
      extra: { 'article:published_time': status.created_at },
    },
    statusCard(status, site),
  );
}

/** `/tags/:name`: the latest public posts with the tag. */
export function tagPage(site: PublicSite, name: string, statuses: StatusJson[]): SafeHtml {
  const url = `${site.baseUrl}/tags/${encodeURIComponent(name)}`;
  return publicLayout(
    {
      title: `#${name}`,
      description: `Public posts tagged #${name} on ${site.title}`,
      url,
      type: 'website',
      alternates: [{ type: RSS, href: `${url}.rss` }],
      siteName: site.title,
    },
    html`<section class="card"><h1>#${name}</h1></section>
      ${statuses.map((status) => statusCard(status, site))}`,
  );
}

/** `/@username/:id/embed`: the post alone, for an iframe on another site (oEmbed). */
export function embedPage(site: PublicSite, status: StatusJson): SafeHtml {
  return publicLayout(
    {
      title: `${displayName(status.account)} (${handle(status.account, site)})`,
      description: status.spoiler_text
        ? `Content warning: ${status.spoiler_text}`
        : summary(status.content),
      url: status.url ?? status.uri,
      type: 'article',
      alternates: [{ type: ACTIVITY_JSON, href: status.uri }],
      siteName: site.title,
      lang: status.language,
    },
    statusCard(status, site),
  );
}
