import { StatusVisibility } from '@nestodon/domain';
import { StatusFacts, StreamedStatus } from '@nestodon/policies';
// Not the package's index, which brings sanitize-html.
import { htmlToText } from '@nestodon/text/html-to-text';

const VISIBILITIES: Readonly<Record<string, StatusVisibility>> = {
  public: StatusVisibility.Public,
  unlisted: StatusVisibility.Unlisted,
  private: StatusVisibility.Private,
  direct: StatusVisibility.Direct,
  limited: StatusVisibility.Limited,
};

/** The fields of a Mastodon Status entity the streaming rules read. */
interface StatusJson {
  id: string;
  visibility: string;
  language?: string | null;
  spoiler_text?: string;
  content?: string;
  account: { id: string; acct: string };
  mentions?: Array<{ id: string }>;
  poll?: { options?: Array<{ title: string }> } | null;
  media_attachments?: Array<{ description?: string | null }>;
  reblog?: StatusJson | null;
}

/** A status event's payload, read once for all its subscribers. */
export interface ParsedStatus {
  streamed: StreamedStatus;
  /** Accounts whose relations to the subscribers matter. */
  involvedAccountIds: string[];
  domains: string[];
  /** Authors whose followers alone may see the status (or what it reblogs). */
  followersOnlyAuthorIds: string[];
  /** Accounts mentioned by the status, and by the reblogged status. */
  mentions: ReadonlySet<string>;
  reblogMentions: ReadonlySet<string>;
  /** The payload was rendered for a viewer already (it carries `filtered`). */
  personal: boolean;
}

const domainOf = (acct: string) => {
  const at = acct.indexOf('@');
  return at < 0 ? null : acct.slice(at + 1).toLowerCase();
};

function factsOf(json: StatusJson): StatusFacts | null {
  const visibility = VISIBILITIES[json.visibility];
  if (visibility === undefined || !json.account?.id) return null;
  return {
    id: String(json.id),
    accountId: String(json.account.id),
    visibility,
    deletedAt: null,
    reblogOfId: json.reblog ? String(json.reblog.id) : null,
    author: {
      id: String(json.account.id),
      domain: domainOf(json.account.acct ?? ''),
      suspendedAt: null,
    },
  };
}

function searchableText(json: StatusJson): string {
  return [
    json.spoiler_text ?? '',
    htmlToText(json.content ?? ''),
    ...(json.poll?.options ?? []).map((option) => option.title),
    ...(json.media_attachments ?? []).map((media) => media.description ?? ''),
  ]
    .filter((part) => part)
    .join('\n\n');
}

/** Reads a status payload; null when it is not a status this server can judge. */
export function parseStatusPayload(payload: string | undefined): ParsedStatus | null {
  if (!payload) return null;
  let json: StatusJson;
  try {
    json = JSON.parse(payload) as StatusJson;
  } catch {
    return null;
  }
  const facts = json && typeof json === 'object' ? factsOf(json) : null;
  if (!facts) return null;
  const reblog = json.reblog ? factsOf(json.reblog) : null;
  if (json.reblog && !reblog) return null;
  facts.reblog = reblog;
  const mentions = new Set((json.mentions ?? []).map((m) => String(m.id)));
  const reblogMentions = new Set((json.reblog?.mentions ?? []).map((m) => String(m.id)));
  const authors = reblog ? [facts.author, reblog.author] : [facts.author];
  const followersOnly = [facts, ...(reblog ? [reblog] : [])].filter(
    (status) => status.visibility === StatusVisibility.Private,
  );
  const proper = json.reblog ?? json;
  let text: string | undefined;
  return {
    streamed: {
      facts,
      language: proper.language ?? null,
      mentionedAccountIds: [...mentions, ...reblogMentions],
      get searchableText() {
        text ??= searchableText(proper);
        return text;
      },
    },
    involvedAccountIds: [...new Set([...authors.map((a) => a.id), ...mentions, ...reblogMentions])],
    domains: [...new Set(authors.flatMap((a) => (a.domain ? [a.domain] : [])))],
    followersOnlyAuthorIds: followersOnly.map((status) => status.accountId),
    mentions,
    reblogMentions,
    personal: Object.prototype.hasOwnProperty.call(json, 'filtered'),
  };
}
