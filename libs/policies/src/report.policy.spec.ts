import { StatusVisibility } from '@nestodon/domain';
import { canReportStatus, reportCategory } from './report.policy';
import { anonymousRelations, StatusFacts, ViewerRelations } from './status.policy';

const status = (overrides: Partial<StatusFacts> = {}): StatusFacts => ({
  id: '10',
  accountId: '2',
  visibility: StatusVisibility.Public,
  deletedAt: null,
  reblogOfId: null,
  author: { id: '2', domain: null, suspendedAt: null },
  ...overrides,
});
const reporter = (overrides: Partial<ViewerRelations> = {}): ViewerRelations => ({
  ...anonymousRelations(),
  viewerId: '1',
  ...overrides,
});

describe('canReportStatus', () => {
  it('accepts the target’s visible statuses, deleted ones included', () => {
    expect(canReportStatus(status(), '2', reporter())).toBe(true);
    expect(canReportStatus(status({ deletedAt: new Date() }), '2', reporter())).toBe(true);
  });

  it('refuses statuses of another account', () => {
    expect(canReportStatus(status(), '3', reporter())).toBe(false);
  });

  it('refuses statuses the reporter could not see', () => {
    const privateOne = status({ visibility: StatusVisibility.Private });
    expect(canReportStatus(privateOne, '2', reporter())).toBe(false);
    expect(canReportStatus(privateOne, '2', reporter({ following: new Set(['2']) }))).toBe(true);
    const direct = status({ visibility: StatusVisibility.Direct });
    expect(canReportStatus(direct, '2', reporter())).toBe(false);
    expect(canReportStatus(direct, '2', reporter({ mentionedIn: new Set(['10']) }))).toBe(true);
  });
});

describe('reportCategory', () => {
  it('is violation when rules are named, else the category given or other', () => {
    expect(reportCategory('spam', ['1'])).toBe('violation');
    expect(reportCategory('spam', [])).toBe('spam');
    expect(reportCategory(undefined, [])).toBe('other');
  });
});
