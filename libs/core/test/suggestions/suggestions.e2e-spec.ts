import { digestToken } from '@nestodon/access';
import {
  ConfirmEmailService,
  CreateLocalAccountService,
  RecordInteractionService,
  SuggestAccountsService,
} from '@nestodon/core';
import {
  AccountInteraction,
  Follow,
  FollowRequest,
  RecommendedAccount,
  User,
} from '@nestodon/domain';
import { createLocalAccount } from '@nestodon/testing';
import { CoreContext, startCore } from '../support/core-context';

describe('suggestion inputs', () => {
  let core: CoreContext;

  beforeAll(async () => {
    core = await startCore();
  });
  afterAll(() => core.close());

  describe('RecordInteractionService', () => {
    it('adds 1 per reply, 10 per favourite, 20 per reblog, and starts again after 90 idle days', async () => {
      const interactions = core.app.get(RecordInteractionService);
      const { account: alice } = await createLocalAccount(core.dataSource);
      const { account: bob } = await createLocalAccount(core.dataSource);
      await interactions.call(alice.id, bob.id, 'reply');
      await interactions.call(alice.id, bob.id, 'favourite');
      await interactions.call(alice.id, bob.id, 'reblog');
      const row = () =>
        core.dataSource
          .getRepository(AccountInteraction)
          .findOneByOrFail({ accountId: alice.id, targetAccountId: bob.id });
      expect((await row()).score).toBe(31);

      await core.dataSource.query(
        `UPDATE account_interactions SET last_interacted_at = now() - interval '91 days' WHERE account_id = $1`,
        [alice.id],
      );
      // An idle pair is not suggested from its old score…
      const suggested = await core.app.get(SuggestAccountsService).call(alice, 10);
      expect(suggested.map((s) => s.account.id)).not.toContain(bob.id);
      // …and its next interaction starts a fresh score.
      await interactions.call(alice.id, bob.id, 'reply');
      expect((await row()).score).toBe(1);
    });
  });

  describe('recommended accounts are followed by new accounts', () => {
    let open: string;
    let locked: string;
    let suspended: string;

    beforeAll(async () => {
      open = (await createLocalAccount(core.dataSource)).account.id;
      locked = (await createLocalAccount(core.dataSource, { locked: true })).account.id;
      suspended = (await createLocalAccount(core.dataSource, { suspendedAt: new Date() })).account
        .id;
      await core.dataSource
        .getRepository(RecommendedAccount)
        .save([{ accountId: open }, { accountId: locked }, { accountId: suspended }]);
    });

    const followsOf = async (accountId: string) =>
      (await core.dataSource.getRepository(Follow).findBy({ accountId })).map(
        (f) => f.targetAccountId,
      );

    it('at creation when the account is confirmed and approved', async () => {
      const { account } = await core.app.get(CreateLocalAccountService).call({
        username: 'newcomer',
        email: 'newcomer@example.test',
        password: 'a long enough password',
        agreement: true,
        confirmed: true,
        approved: true,
      });
      expect(await followsOf(account.id)).toEqual([open]);
      expect(
        await core.dataSource.getRepository(FollowRequest).countBy({ accountId: account.id }),
      ).toBe(0);
    });

    it('only once the e-mail is confirmed otherwise', async () => {
      const { account, user } = await core.app.get(CreateLocalAccountService).call({
        username: 'latecomer',
        email: 'latecomer@example.test',
        password: 'a long enough password',
        agreement: true,
        confirmed: false,
        approved: true,
      });
      expect(await followsOf(account.id)).toEqual([]);
      await core.dataSource.getRepository(User).update(user.id, {
        confirmationTokenDigest: digestToken('the-token'),
        confirmationSentAt: new Date(),
      });
      await core.app.get(ConfirmEmailService).call('the-token');
      expect(await followsOf(account.id)).toEqual([open]);
    });
  });
});
