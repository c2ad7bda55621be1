import {
  decideNotification,
  DEFAULT_NOTIFICATION_POLICY,
  NotificationFacts,
  notificationGroup,
} from './notification.policy';

const NOW = new Date('2026-06-01T12:00:00Z');
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 86_400_000);

function facts(overrides: Partial<NotificationFacts> = {}): NotificationFacts {
  return {
    type: 'favourite',
    recipientId: 'r',
    recipientAvailable: true,
    senderId: 's',
    senderSilenced: false,
    senderCreatedAt: daysAgo(365),
    recipientFollowsSender: false,
    senderFollowsRecipientSince: null,
    recipientBlocksSender: false,
    recipientMutesSenderNotifications: false,
    recipientBlocksSenderDomain: false,
    conversationMuted: false,
    mentionInvolvesBlockedOrMuted: false,
    directMention: false,
    answersRecipient: false,
    senderAccepted: false,
    policy: { ...DEFAULT_NOTIFICATION_POLICY },
    now: NOW,
    ...overrides,
  };
}

describe('notification policy', () => {
  it('accepts an ordinary notification under the default policy', () => {
    expect(decideNotification(facts())).toBe('accept');
  });

  it('drops for recipients without a usable local login', () => {
    expect(decideNotification(facts({ recipientAvailable: false }))).toBe('drop');
  });

  it('drops notifications from oneself, except polls ending', () => {
    expect(decideNotification(facts({ senderId: 'r' }))).toBe('drop');
    expect(decideNotification(facts({ senderId: 'r', type: 'poll' }))).toBe('accept');
  });

  it('drops from blocked senders and senders muted with notifications', () => {
    expect(decideNotification(facts({ recipientBlocksSender: true }))).toBe('drop');
    expect(decideNotification(facts({ recipientMutesSenderNotifications: true }))).toBe('drop');
  });

  it('drops from blocked domains unless the recipient follows the sender', () => {
    expect(decideNotification(facts({ recipientBlocksSenderDomain: true }))).toBe('drop');
    expect(
      decideNotification(
        facts({ recipientBlocksSenderDomain: true, recipientFollowsSender: true }),
      ),
    ).toBe('accept');
  });

  it('drops notifications about muted conversations', () => {
    expect(decideNotification(facts({ type: 'mention', conversationMuted: true }))).toBe('drop');
    expect(decideNotification(facts({ type: 'reblog', conversationMuted: true }))).toBe('drop');
  });

  it('drops mentions involving blocked or muted accounts, and from unfollowed limited accounts', () => {
    expect(
      decideNotification(facts({ type: 'mention', mentionInvolvesBlockedOrMuted: true })),
    ).toBe('drop');
    expect(
      decideNotification(
        facts({
          type: 'mention',
          senderSilenced: true,
          policy: { ...DEFAULT_NOTIFICATION_POLICY, forLimitedAccounts: 'accept' },
        }),
      ),
    ).toBe('drop');
    expect(
      decideNotification(
        facts({ type: 'mention', senderSilenced: true, recipientFollowsSender: true }),
      ),
    ).toBe('accept');
  });

  describe('policy rules', () => {
    const policy = (rules: Partial<NotificationFacts['policy']>) => ({
      ...DEFAULT_NOTIFICATION_POLICY,
      ...rules,
    });

    it('for_not_following filters or drops from accounts the recipient does not follow', () => {
      expect(decideNotification(facts({ policy: policy({ forNotFollowing: 'filter' }) }))).toBe(
        'filter',
      );
      expect(decideNotification(facts({ policy: policy({ forNotFollowing: 'drop' }) }))).toBe(
        'drop',
      );
      expect(
        decideNotification(
          facts({ recipientFollowsSender: true, policy: policy({ forNotFollowing: 'drop' }) }),
        ),
      ).toBe('accept');
    });

    it('for_not_followers counts followers of more than 3 days only', () => {
      const rules = policy({ forNotFollowers: 'filter' });
      expect(decideNotification(facts({ policy: rules }))).toBe('filter');
      expect(
        decideNotification(facts({ policy: rules, senderFollowsRecipientSince: daysAgo(1) })),
      ).toBe('filter');
      expect(
        decideNotification(facts({ policy: rules, senderFollowsRecipientSince: daysAgo(4) })),
      ).toBe('accept');
    });

    it('for_new_accounts applies to accounts under 30 days the recipient does not follow', () => {
      const rules = policy({ forNewAccounts: 'drop' });
      expect(decideNotification(facts({ policy: rules, senderCreatedAt: daysAgo(2) }))).toBe(
        'drop',
      );
      expect(decideNotification(facts({ policy: rules, senderCreatedAt: daysAgo(40) }))).toBe(
        'accept',
      );
      expect(
        decideNotification(
          facts({ policy: rules, senderCreatedAt: daysAgo(2), recipientFollowsSender: true }),
        ),
      ).toBe('accept');
    });

    it('for_private_mentions (filter by default) spares answers to the recipient', () => {
      const dm = { type: 'mention', directMention: true };
      expect(decideNotification(facts(dm))).toBe('filter');
      expect(decideNotification(facts({ ...dm, answersRecipient: true }))).toBe('accept');
      expect(decideNotification(facts({ ...dm, recipientFollowsSender: true }))).toBe('accept');
      expect(decideNotification(facts({ type: 'mention' }))).toBe('accept');
    });

    it('for_limited_accounts (filter by default) applies to silenced senders not followed', () => {
      expect(decideNotification(facts({ senderSilenced: true }))).toBe('filter');
      expect(
        decideNotification(
          facts({ senderSilenced: true, policy: policy({ forLimitedAccounts: 'drop' }) }),
        ),
      ).toBe('drop');
      expect(
        decideNotification(facts({ senderSilenced: true, recipientFollowsSender: true })),
      ).toBe('accept');
    });

    it('drop wins over filter', () => {
      const rules = policy({ forNotFollowing: 'filter', forNotFollowers: 'drop' });
      expect(decideNotification(facts({ policy: rules }))).toBe('drop');
    });

    it('never applies to unfilterable types or accepted senders', () => {
      const rules = policy({ forNotFollowing: 'drop' });
      for (const type of ['admin.sign_up', 'admin.report', 'poll', 'update']) {
        expect(decideNotification(facts({ type, policy: rules }))).toBe('accept');
      }
      expect(decideNotification(facts({ policy: rules, senderAccepted: true }))).toBe('accept');
    });
  });

  describe('grouping', () => {
    const at = (hours: number) => new Date(Date.UTC(2026, 0, 1) + hours * 3_600_000);
    const base = Math.floor(at(0).getTime() / 3_600_000);

    it('groups favourites and reblogs per status, follows and sign-ups per type', () => {
      expect(notificationGroup('favourite', '7', false, at(0), null)?.key).toBe(
        `favourite-7-${base}`,
      );
      expect(notificationGroup('reblog', '7', false, at(0), null)?.key).toBe(`reblog-7-${base}`);
      expect(notificationGroup('follow', null, false, at(0), null)?.key).toBe(`follow-${base}`);
      expect(notificationGroup('admin.sign_up', null, false, at(0), null)?.key).toBe(
        `admin.sign_up-${base}`,
      );
    });

    it('leaves other types and filtered notifications ungrouped', () => {
      expect(notificationGroup('mention', '7', false, at(0), null)).toBeNull();
      expect(notificationGroup('favourite', '7', true, at(0), null)).toBeNull();
    });

    it('keeps extending a group for up to 12 hours', () => {
      expect(notificationGroup('follow', null, false, at(11), base)?.bucket).toBe(base);
      expect(notificationGroup('follow', null, false, at(12), base)?.bucket).toBe(base + 12);
    });
  });
});
