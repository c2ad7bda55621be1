import { Permission } from '@nestodon/domain';
import {
  mayTakeAccountAction,
  roleOverrides,
  showsSensitive,
  warningText,
} from './moderation.policy';

const role = (permissions: bigint, position: number) => ({
  permissions: permissions.toString(),
  position,
});
const moderator = role(Permission.ManageUsers | Permission.ManageReports, 10);
const reportsOnly = role(Permission.ManageReports, 10);
const everyone = role(Permission.InviteUsers, -1);
const admin = role(Permission.ManageUsers, 100);

describe('roleOverrides', () => {
  it('outranks remote accounts and lower positions only', () => {
    expect(roleOverrides(moderator, null)).toBe(true);
    expect(roleOverrides(moderator, everyone)).toBe(true);
    expect(roleOverrides(moderator, moderator)).toBe(false);
    expect(roleOverrides(moderator, admin)).toBe(false);
  });
});

describe('mayTakeAccountAction', () => {
  const user = { role: everyone, hasUser: true };
  it('lets manage_users take every action on lesser accounts', () => {
    for (const type of ['none', 'sensitive', 'disable', 'silence', 'suspend'] as const) {
      expect(mayTakeAccountAction(type, moderator, user)).toBe(true);
      expect(mayTakeAccountAction(type, moderator, { role: admin, hasUser: true })).toBe(false);
    }
  });

  it('lets manage_reports only warn', () => {
    expect(mayTakeAccountAction('none', reportsOnly, user)).toBe(true);
    expect(mayTakeAccountAction('suspend', reportsOnly, user)).toBe(false);
  });

  it('disables only accounts with a login', () => {
    expect(mayTakeAccountAction('disable', moderator, { role: null, hasUser: false })).toBe(false);
    expect(mayTakeAccountAction('suspend', moderator, { role: null, hasUser: false })).toBe(true);
  });
});

describe('warningText', () => {
  it('joins the preset and the text', () => {
    expect(warningText('Preset', 'Own words')).toBe('Preset\n\nOwn words');
    expect(warningText(null, 'Own words')).toBe('Own words');
    expect(warningText(null, null)).toBe('');
  });
});

describe('showsSensitive', () => {
  const status = { sensitive: false, accountId: '2' };
  it('marks a sensitized author’s statuses sensitive, except to the author', () => {
    expect(showsSensitive(status, { sensitizedAt: new Date() }, '1')).toBe(true);
    expect(showsSensitive(status, { sensitizedAt: new Date() }, null)).toBe(true);
    expect(showsSensitive(status, { sensitizedAt: new Date() }, '2')).toBe(false);
    expect(showsSensitive(status, { sensitizedAt: null }, '1')).toBe(false);
  });
});
