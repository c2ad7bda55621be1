import { loadConfig } from '@nestodon/config';
import {
  Account,
  CustomEmoji,
  MediaAttachment,
  OAuthApplication,
  Poll,
  Quote,
  QuoteState,
  Status,
  StatusVisibility,
} from '@nestodon/domain';
import { anonymousRelations } from '@nestodon/policies';
import { AccountJson } from './account.serializer';
import { emojiKey, StatusPage } from './status-page.loader';
import { serializeStatus, statusContent } from './status.serializer';

const config = loadConfig({ LOCAL_DOMAIN: 'social.example' });
const base = 'https://social.example';

const account = (attributes: Partial<Account>): Account =>
  Object.assign(new Account(), {
    domain: null,
    url: null,
    uri: null,
    suspendedAt: null,
    ...attributes,
  });

const status = (author: Account, attributes: Partial<Status> = {}): Status =>
  Object.assign(new Status(), {
    id: '100',
    accountId: author.id,
    account: author,
    uri: null,
    url: null,
    text: 'hello :blob:',
    contentHtml: '<p>hello :blob:</p>',
    spoilerText: '',
    sensitive: false,
    visibility: StatusVisibility.Public,
    language: 'en',
    reply: false,
    inReplyToId: null,
    inReplyToAccountId: null,
    reblogOfId: null,
    conversationId: '7',
    applicationId: null,
    pollId: null,
    orderedMediaAttachmentIds: null,
    editedAt: null,
    deletedAt: null,
    quoteApprovalPolicy: 0,
    createdAt: new Date('2026-03-04T05:06:07.000Z'),
    ...attributes,
  });

const accountJson = (author: Account) =>
  ({ id: author.id, username: author.username }) as AccountJson;

/** A page with nothing loaded but the authors' JSON; tests add what they need. */
function page(authors: Account[], attributes: Partial<StatusPage> = {}): StatusPage {
  return {
    viewerId: null,
    accounts: new Map(authors.map((author) => [author.id, accountJson(author)])),
    counts: new Map(),
    mentions: new Map(),
    tags: new Map(),
    viewer: null,
    media: new Map(),
    polls: new Map(),
    ownVotes: new Map(),
    emojis: new Map(),
    applications: new Map(),
    filtered: new Map(),
    quotes: new Map(),
    quotedStatuses: new Map(),
    relations: anonymousRelations(),
    ...attributes,
  };
}

const viewerMarks = (marks: Partial<NonNullable<StatusPage['viewer']>> = {}) => ({
  favourited: new Set<string>(),
  reblogged: new Set<string>(),
  bookmarked: new Set<string>(),
  pinned: new Set<string>(),
  mutedConversations: new Set<string>(),
  ...marks,
});

describe('serializeStatus', () => {
  const alice = account({ id: '1', username: 'alice' });
  const remote = account({
    id: '2',
    username: 'bob',
    domain: 'remote.example',
    url: 'https://remote.example/@bob',
  });

  it('renders a local status for an anonymous viewer, without viewer flags', () => {
    const json = serializeStatus(status(alice), page([alice]), { config });
    expect(json).toMatchObject({
      id: '100',
      created_at: '2026-03-04T05:06:07.000Z',
      uri: `${base}/users/alice/statuses/100`,
      url: `${base}/@alice/100`,
      visibility: 'public',
      content: '<p>hello :blob:</p>',
      account: { id: '1', username: 'alice' },
      replies_count: 0,
      reblogs_count: 0,
      favourites_count: 0,
      reblog: null,
      poll: null,
      media_attachments: [],
      mentions: [],
      tags: [],
      emojis: [],
    });
    for (const flag of ['favourited', 'reblogged', 'muted', 'bookmarked', 'pinned', 'filtered']) {
      expect(json).not.toHaveProperty(flag);
    }
    expect(json).not.toHaveProperty('text');
    expect(json).not.toHaveProperty('application');
  });

  it('keeps a remote status’s own URIs and shows limited as private', () => {
    const json = serializeStatus(
      status(remote, {
        uri: 'https://remote.example/statuses/9',
        visibility: StatusVisibility.Limited,
      }),
      page([remote]),
      { config },
    );
    expect(json.uri).toBe('https://remote.example/statuses/9');
    expect(json.url).toBe('https://remote.example/statuses/9');
    expect(json.visibility).toBe('private');
  });

  it('renders counters, mentions, tags, media, emojis, application and the source', () => {
    const media = Object.assign(new MediaAttachment(), {
      id: '50',
      type: 'image',
      fileFileName: 'a.png',
      remoteUrl: null,
      description: 'a cat',
      meta: null,
      blurhash: null,
    });
    const emoji = Object.assign(new CustomEmoji(), {
      id: '3',
      shortcode: 'blob',
      domain: null,
      imageFileName: 'blob.png',
      imageRemoteUrl: null,
      visibleInPicker: true,
      category: null,
    });
    const app = Object.assign(new OAuthApplication(), {
      id: '4',
      name: 'Elk',
      website: 'https://elk.zone',
    });
    const json = serializeStatus(
      status(alice, { orderedMediaAttachmentIds: ['50', '51'], applicationId: '4' }),
      page([alice], {
        counts: new Map([
          ['100', { repliesCount: 1, reblogsCount: 2, favouritesCount: 3, quotesCount: 4 }],
        ]),
        mentions: new Map([
          [
            '100',
            [
              { id: '2', username: 'bob', domain: 'remote.example', url: null, uri: 'https://r/b' },
              { id: '5', username: 'carol', domain: null, url: null, uri: null },
            ],
          ],
        ]),
        tags: new Map([['100', [{ name: 'cats', displayName: 'Cats' }]]]),
        media: new Map([['50', media]]),
        emojis: new Map([[emojiKey('blob', null), emoji]]),
        applications: new Map([['4', app]]),
      }),
      { config, source: true },
    );
    expect(json).toMatchObject({
      replies_count: 1,
      reblogs_count: 2,
      favourites_count: 3,
      quotes_count: 4,
    });
    expect(json.mentions).toEqual([
      { id: '2', username: 'bob', acct: 'bob@remote.example', url: 'https://r/b' },
      { id: '5', username: 'carol', acct: 'carol', url: `${base}/@carol` },
    ]);
    expect(json.tags).toEqual([{ name: 'Cats', url: `${base}/tags/cats` }]);
    expect(json.media_attachments.map((row) => [row.id, row.description])).toEqual([
      ['50', 'a cat'],
    ]);
    expect(json.emojis.map((row) => row.shortcode)).toEqual(['blob']);
    expect(json.application).toEqual({ name: 'Elk', website: 'https://elk.zone' });
    expect(json.text).toBe('hello :blob:');
  });

  it('renders a reblog with its original inside, the viewer’s marks read on the original', () => {
    const original = status(remote, { id: '100', conversationId: '7' });
    const reblog = status(alice, {
      id: '200',
      text: '',
      contentHtml: null,
      reblogOfId: '100',
      reblog: original,
      conversationId: '7',
    });
    const json = serializeStatus(
      reblog,
      page([alice, remote], {
        viewerId: '1',
        viewer: viewerMarks({
          favourited: new Set(['100']),
          reblogged: new Set(['100']),
          pinned: new Set(['200']),
          mutedConversations: new Set(['7']),
        }),
        filtered: new Map([['100', [{ keyword_matches: ['x'] }]]]),
      }),
      { config },
    );
    expect(json).toMatchObject({
      content: '',
      emojis: [],
      uri: `${base}/users/alice/statuses/200/activity`,
      favourited: true,
      reblogged: true,
      muted: true,
      filtered: [],
    });
    // A reblog is never pinnable; the viewer's own original would be.
    expect(json).not.toHaveProperty('pinned');
    expect(json.reblog).toMatchObject({
      id: '100',
      favourited: true,
      reblogged: true,
      muted: true,
      filtered: [{ keyword_matches: ['x'] }],
      account: { id: '2' },
    });
    expect(json.reblog).not.toHaveProperty('pinned');
  });

  it('shows pinned on the viewer’s own statuses', () => {
    const json = serializeStatus(
      status(alice),
      page([alice], { viewerId: '1', viewer: viewerMarks({ pinned: new Set(['100']) }) }),
      { config },
    );
    expect(json.pinned).toBe(true);
  });

  it('renders the poll with the viewer’s votes and the emojis of its options', () => {
    const poll = Object.assign(new Poll(), {
      id: '9',
      accountId: '2',
      statusId: '100',
      options: ['yes :blob:', 'no'],
      cachedTallies: [3, 1],
      multiple: false,
      hideTotals: false,
      votesCount: 4,
      votersCount: 4,
      expiresAt: new Date(Date.now() + 3_600_000),
      closedAt: null,
    });
    const emoji = Object.assign(new CustomEmoji(), {
      id: '3',
      shortcode: 'blob',
      domain: 'remote.example',
      imageFileName: null,
      imageRemoteUrl: 'https://remote.example/blob.png',
      visibleInPicker: true,
      category: null,
    });
    const json = serializeStatus(
      status(remote, { pollId: '9', text: 'vote' }),
      page([remote], {
        viewerId: '1',
        viewer: viewerMarks(),
        polls: new Map([['9', poll]]),
        ownVotes: new Map([['9', [0]]]),
        emojis: new Map([[emojiKey('blob', 'remote.example'), emoji]]),
      }),
      { config },
    );
    expect(json.poll).toMatchObject({
      id: '9',
      expired: false,
      voted: true,
      own_votes: [0],
      options: [
        { title: 'yes :blob:', votes_count: 3 },
        { title: 'no', votes_count: 1 },
      ],
      emojis: [{ shortcode: 'blob', url: 'https://remote.example/blob.png' }],
    });
  });
});

describe('serializeStatus: quotes (Mastodon 4.5)', () => {
  const alice = account({ id: '1', username: 'alice' });
  const bob = account({ id: '2', username: 'bob' });
  const carol = account({ id: '3', username: 'carol' });
  const quote = (statusId: string, quotedStatusId: string | null, state: QuoteState) =>
    Object.assign(new Quote(), {
      id: `q${statusId}`,
      statusId,
      quotedStatusId,
      state,
      legacy: false,
    });
  const quoting = status(alice, { id: '300' });
  const quoted = status(bob, { id: '200' });
  const deeper = status(carol, { id: '100' });
  const quotes = new Map([
    ['300', quote('300', '200', QuoteState.Accepted)],
    ['200', quote('200', '100', QuoteState.Accepted)],
  ]);
  const quotedStatuses = new Map([
    ['200', quoted],
    ['100', deeper],
  ]);

  it('renders the quoted status in full, and its own quote by id', () => {
    const json = serializeStatus(quoting, page([alice, bob, carol], { quotes, quotedStatuses }), {
      config,
    });
    expect(json.quote).toMatchObject({
      state: 'accepted',
      quoted_status: { id: '200', quote: { state: 'accepted', quoted_status_id: '100' } },
    });
  });

  it('shows only the state of a quote that is not accepted, or whose status is gone', () => {
    const pending = serializeStatus(
      quoting,
      page([alice, bob], {
        quotes: new Map([['300', quote('300', '200', QuoteState.Pending)]]),
        quotedStatuses,
      }),
      { config },
    );
    expect(pending.quote).toEqual({ state: 'pending', quoted_status: null });
    const gone = serializeStatus(
      quoting,
      page([alice], { quotes: new Map([['300', quote('300', null, QuoteState.Accepted)]]) }),
      { config },
    );
    expect(gone.quote).toEqual({ state: 'deleted', quoted_status: null });
  });

  it('hides a quoted status the viewer may not see, and flags one from a blocked account', () => {
    const privateQuoted = status(bob, { id: '200', visibility: StatusVisibility.Private });
    const hidden = serializeStatus(
      quoting,
      page([alice, bob], {
        quotes,
        quotedStatuses: new Map([['200', privateQuoted]]),
        viewerId: '9',
        viewer: viewerMarks(),
        relations: { ...anonymousRelations(), viewerId: '9' },
      }),
      { config },
    );
    expect(hidden.quote).toEqual({ state: 'unauthorized', quoted_status: null });
    const blocked = serializeStatus(
      quoting,
      page([alice, bob, carol], {
        quotes,
        quotedStatuses,
        viewerId: '9',
        viewer: viewerMarks(),
        relations: { ...anonymousRelations(), viewerId: '9', blocking: new Set(['2']) },
      }),
      { config },
    );
    expect(blocked.quote).toMatchObject({
      state: 'blocked_account',
      quoted_status: { id: '200' },
    });
  });

  it('describes the quote policy and how it applies to the viewer', () => {
    const followersOnly = status(bob, { id: '200', quoteApprovalPolicy: 4 << 16 });
    const asStranger = serializeStatus(
      followersOnly,
      page([bob], { viewerId: '9', viewer: viewerMarks(), relations: anonymousRelations() }),
      { config },
    );
    expect(asStranger.quote_approval).toEqual({
      automatic: ['followers'],
      manual: [],
      current_user: 'denied',
    });
    const asFollower = serializeStatus(
      followersOnly,
      page([bob], {
        viewerId: '9',
        viewer: viewerMarks(),
        relations: { ...anonymousRelations(), viewerId: '9', following: new Set(['2']) },
      }),
      { config },
    );
    expect(asFollower.quote_approval.current_user).toBe('automatic');
    expect(serializeStatus(followersOnly, page([bob]), { config }).quote_approval).toEqual({
      automatic: ['followers'],
      manual: [],
      current_user: 'denied',
    });
    expect(serializeStatus(status(bob), page([bob]), { config }).quote).toBeNull();
  });
});

describe('statusContent', () => {
  it('uses the stored HTML, or escapes the text into a paragraph', () => {
    expect(statusContent({ contentHtml: '<p>x</p>', text: 'y' })).toBe('<p>x</p>');
    expect(statusContent({ contentHtml: null, text: 'a <b> & c' })).toBe(
      '<p>a &lt;b&gt; &amp; c</p>',
    );
    expect(statusContent({ contentHtml: null, text: '' })).toBe('');
  });
});
