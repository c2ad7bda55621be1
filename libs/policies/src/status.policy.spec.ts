import { StatusVisibility } from '@nestodon/domain';
import {
  anonymousRelations,
  authorStatusesScope,
  canViewStatus,
  decidePin,
  decideReblog,
  isPinnable,
  showAccountInList,
  showInList,
  StatusFacts,
  ViewerRelations,
} from './status.policy';

const AUTHOR = '1';
const VIEWER = '2';

type Relation =
  | 'anonymous'
  | 'author'
  | 'stranger'
  | 'follower'
  | 'mentioned'
  | 'follower+mentioned'
  | 'blocked by author'
  | 'blocks author'
  | 'follower blocked by author'
  | 'mentioned, blocks author';

function relationsFor(relation: Relation, statusId: string): ViewerRelations {
  if (relation === 'anonymous') return anonymousRelations();
  const viewerId = relation === 'author' ? AUTHOR : VIEWER;
  const following = new Set<string>();
  const blocking = new Set<string>();
  const blockedBy = new Set<string>();
  const mentionedIn = new Set<string>();
  if (relation.includes('follower')) following.add(AUTHOR);
  if (relation.includes('mentioned')) mentionedIn.add(statusId);
  if (relation.includes('blocked by author')) blockedBy.add(AUTHOR);
  if (relation.includes('blocks author')) blocking.add(AUTHOR);
  return {
    ...anonymousRelations(),
    viewerId,
    following,
    blocking,
    blockedBy,
    mentionedIn,
  };
}

const status = (visibility: StatusVisibility, overrides: Partial<StatusFacts> = {}) => ({
  id: '100',
  accountId: AUTHOR,
  visibility,
  deletedAt: null,
  reblogOfId: null,
  author: { id: AUTHOR, domain: null, suspendedAt: null },
  ...overrides,
});

// Expected visibility: [public, unlisted, private, direct]
const MATRIX: Array<[Relation, boolean, boolean, boolean, boolean]> = [
  ['anonymous', true, true, false, false],
  ['author', true, true, true, true],
  ['stranger', true, true, false, false],
  ['follower', true, true, true, false],
  ['mentioned', true, true, true, true],
  ['follower+mentioned', true, true, true, true],
  ['blocked by author', false, false, false, false],
  ['blocks author', false, false, false, false],
  ['follower blocked by author', false, false, false, false],
  ['mentioned, blocks author', false, false, false, false],
];
const VISIBILITIES = [
  StatusVisibility.Public,
  StatusVisibility.Unlisted,
  StatusVisibility.Private,
  StatusVisibility.Direct,
] as const;

describe('canViewStatus: viewer × visibility × relationship', () => {
  for (const [relation, ...expected] of MATRIX) {
    VISIBILITIES.forEach((visibility, index) => {
      it(`${relation} ${expected[index] ? 'sees' : 'does not see'} a ${['public', 'unlisted', 'private', 'direct'][index]} status`, () => {
        expect(canViewStatus(status(visibility), relationsFor(relation, '100'))).toBe(
          expected[index],
        );
      });
    });
  }

  it('hides deleted statuses from everyone, the author included', () => {
    for (const [relation] of MATRIX) {
      expect(
        canViewStatus(
          status(StatusVisibility.Public, { deletedAt: new Date() }),
          relationsFor(relation, '100'),
        ),
      ).toBe(false);
    }
  });

  it('hides statuses of suspended authors from everyone', () => {
    for (const [relation] of MATRIX) {
      expect(
        canViewStatus(
          status(StatusVisibility.Public, {
            author: { id: AUTHOR, domain: null, suspendedAt: new Date() },
          }),
          relationsFor(relation, '100'),
        ),
      ).toBe(false);
    }
  });

  it('shows a reblog only when the reblogged status is visible too', () => {
    const original = status(StatusVisibility.Private, {
      id: '50',
      accountId: '9',
      author: { id: '9', domain: null, suspendedAt: null },
    });
    const reblog = status(StatusVisibility.Public, { reblogOfId: '50', reblog: original });
    const stranger = relationsFor('stranger', '100');
    expect(canViewStatus(reblog, stranger)).toBe(false);
    expect(canViewStatus(reblog, { ...stranger, following: new Set(['9']) })).toBe(true);
    expect(canViewStatus({ ...reblog, reblog: null }, stranger)).toBe(false);
    expect(
      canViewStatus(reblog, { ...stranger, following: new Set(['9']), blockedBy: new Set(['9']) }),
    ).toBe(false);
  });
});

describe('showInList', () => {
  it('also leaves out muted accounts and blocked domains, but never the viewer', () => {
    const relations = { ...relationsFor('stranger', '100'), muting: new Set([AUTHOR]) };
    expect(canViewStatus(status(StatusVisibility.Public), relations)).toBe(true);
    expect(showInList(status(StatusVisibility.Public), relations)).toBe(false);
    const remote = status(StatusVisibility.Public, {
      author: { id: AUTHOR, domain: 'bad.example', suspendedAt: null },
    });
    expect(
      showInList(remote, {
        ...relationsFor('stranger', '100'),
        domainBlocking: new Set(['bad.example']),
      }),
    ).toBe(false);
    expect(
      showInList(status(StatusVisibility.Public), {
        ...relationsFor('author', '100'),
        muting: new Set([AUTHOR]),
      }),
    ).toBe(true);
  });
});

describe('showAccountInList', () => {
  it('omits blocked, blocking, muted and suspended accounts', () => {
    const base = relationsFor('stranger', '100');
    const account = { id: '7', suspendedAt: null };
    expect(showAccountInList(account, base)).toBe(true);
    expect(showAccountInList(account, { ...base, blocking: new Set(['7']) })).toBe(false);
    expect(showAccountInList(account, { ...base, blockedBy: new Set(['7']) })).toBe(false);
    expect(showAccountInList(account, { ...base, muting: new Set(['7']) })).toBe(false);
    expect(showAccountInList({ id: '7', suspendedAt: new Date() }, base)).toBe(false);
    expect(showAccountInList(account, anonymousRelations())).toBe(true);
  });
});

describe('authorStatusesScope', () => {
  const author = { id: AUTHOR, suspendedAt: null };
  it('matches canViewStatus for every relation', () => {
    for (const [relation, ...expected] of MATRIX) {
      const relations = relationsFor(relation, '100');
      const scope = authorStatusesScope(author, relations);
      VISIBILITIES.forEach((visibility, index) => {
        const allowed =
          scope !== null &&
          (scope.visibilities.includes(visibility) ||
            (scope.mentioned &&
              relations.mentionedIn.has('100') &&
              (visibility === StatusVisibility.Private || visibility === StatusVisibility.Direct)));
        expect([relation, visibility, allowed]).toEqual([relation, visibility, expected[index]]);
      });
    }
  });

  it('is empty for suspended authors', () => {
    expect(
      authorStatusesScope({ id: AUTHOR, suspendedAt: new Date() }, relationsFor('author', '1')),
    ).toBeNull();
  });
});

describe('decideReblog', () => {
  it('lets anyone who sees them reblog public and unlisted statuses', () => {
    expect(decideReblog(status(StatusVisibility.Public), relationsFor('stranger', '100'))).toBe(
      'allowed',
    );
    expect(decideReblog(status(StatusVisibility.Unlisted), relationsFor('stranger', '100'))).toBe(
      'allowed',
    );
  });
  it('lets only the author reblog a private status', () => {
    expect(decideReblog(status(StatusVisibility.Private), relationsFor('author', '100'))).toBe(
      'allowed',
    );
    expect(decideReblog(status(StatusVisibility.Private), relationsFor('follower', '100'))).toBe(
      'forbidden',
    );
    expect(decideReblog(status(StatusVisibility.Private), relationsFor('stranger', '100'))).toBe(
      'hidden',
    );
  });
  it('never reblogs direct statuses', () => {
    expect(decideReblog(status(StatusVisibility.Direct), relationsFor('author', '100'))).toBe(
      'forbidden',
    );
    expect(decideReblog(status(StatusVisibility.Direct), relationsFor('mentioned', '100'))).toBe(
      'forbidden',
    );
    expect(decideReblog(status(StatusVisibility.Direct), relationsFor('stranger', '100'))).toBe(
      'hidden',
    );
  });
});

describe('decidePin and isPinnable', () => {
  it('pins own public, unlisted and private statuses under the cap', () => {
    for (const visibility of [
      StatusVisibility.Public,
      StatusVisibility.Unlisted,
      StatusVisibility.Private,
    ]) {
      expect(decidePin(status(visibility), AUTHOR, 0, 5)).toBe('allowed');
      expect(isPinnable(status(visibility), AUTHOR)).toBe(true);
    }
    expect(decidePin(status(StatusVisibility.Public), AUTHOR, 5, 5)).toBe('limit');
    expect(decidePin(status(StatusVisibility.Direct), AUTHOR, 0, 5)).toBe('direct');
    expect(decidePin(status(StatusVisibility.Public), VIEWER, 0, 5)).toBe('ownership');
    expect(decidePin(status(StatusVisibility.Public, { reblogOfId: '5' }), AUTHOR, 0, 5)).toBe(
      'reblog',
    );
    expect(isPinnable(status(StatusVisibility.Public), VIEWER)).toBe(false);
    expect(isPinnable(status(StatusVisibility.Public), null)).toBe(false);
  });
});
