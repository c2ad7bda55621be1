import { wantsPush } from './push.policy';

const facts = (recipientFollowsSender: boolean, senderFollowsRecipient: boolean) => ({
  recipientFollowsSender,
  senderFollowsRecipient,
});

describe('push policy', () => {
  it('sends only the types the subscription turned on', () => {
    const subscription = { alerts: { mention: true, favourite: false }, policy: 'all' as const };
    expect(wantsPush(subscription, 'mention', facts(false, false))).toBe(true);
    expect(wantsPush(subscription, 'favourite', facts(false, false))).toBe(false);
    expect(wantsPush(subscription, 'follow', facts(false, false))).toBe(false);
  });

  it.each([
    ['all', [true, true, true, true]],
    ['followed', [false, true, false, true]],
    ['follower', [false, false, true, true]],
    ['none', [false, false, false, false]],
  ] as const)('applies the %s policy', (policy, expected) => {
    const subscription = { alerts: { mention: true }, policy };
    const outcomes = [
      facts(false, false),
      facts(true, false),
      facts(false, true),
      facts(true, true),
    ];
    expect(outcomes.map((f) => wantsPush(subscription, 'mention', f))).toEqual(expected);
  });
});
