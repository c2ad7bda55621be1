import {
  Account,
  AccountConversation,
  AccountConversationRepository,
  Marker,
  MarkerRepository,
  Notification,
  NotificationPolicy,
  NotificationPolicyRepository,
  NotificationRepository,
  NotificationRequest,
  NotificationRequestRepository,
  PolicyAction,
} from '@nestodon/domain';
import {
  createLocalAccount,
  createQueryCountingDatabase,
  createStatus,
  QueryCountingDatabase,
} from '@nestodon/testing';
import { DataSource } from 'typeorm';

/** Repositories that build entities with EntityRowMapper return what TypeORM itself loads. */
describe('entity rows built by repositories', () => {
  let db: QueryCountingDatabase;
  let dataSource: DataSource;

  beforeAll(async () => {
    db = await createQueryCountingDatabase();
    ({ dataSource } = db);
  });
  afterAll(() => db.teardown());

  const account = async (): Promise<Account> => (await createLocalAccount(dataSource)).account;

  describe('NotificationRepository', () => {
    let repository: NotificationRepository;
    let recipient: Account;
    let saved: Notification[];

    beforeAll(async () => {
      repository = new NotificationRepository(dataSource);
      recipient = await account();
      const sender = await account();
      const status = await createStatus(dataSource, recipient);
      const rows = dataSource.getRepository(Notification);
      saved = [
        await rows.save({ accountId: recipient.id, fromAccountId: sender.id, type: 'follow' }),
        await rows.save({
          accountId: recipient.id,
          fromAccountId: sender.id,
          type: 'favourite',
          statusId: status.id,
          groupKey: `favourite-${status.id}-1`,
        }),
        await rows.save({
          accountId: recipient.id,
          fromAccountId: sender.id,
          type: 'mention',
          statusId: status.id,
          filtered: true,
        }),
      ];
    });

    const loaded = (ids: string[]) =>
      Promise.all(ids.map((id) => dataSource.getRepository(Notification).findOneByOrFail({ id })));

    it('page and one', async () => {
      const page = await repository.page(recipient.id, { includeFiltered: true }, { limit: 10 });
      expect(page).toEqual(await loaded(saved.map((n) => n.id).reverse()));
      expect(page[0]).toBeInstanceOf(Notification);
      const above = await repository.page(
        recipient.id,
        { includeFiltered: true },
        { minId: saved[0].id, limit: 1 },
      );
      expect(above).toEqual(await loaded([saved[1].id]));
      expect(await repository.one(recipient.id, saved[2].id)).toEqual(
        (await loaded([saved[2].id]))[0],
      );
    });

    it('groupPage and inGroup', async () => {
      const heads = await repository.groupPage(recipient.id, {}, ['favourite'], { limit: 5 });
      expect(heads).toEqual(await loaded([saved[1].id, saved[0].id]));
      expect(await repository.inGroup(recipient.id, saved[1].groupKey!)).toEqual(
        await loaded([saved[1].id]),
      );
    });
  });

  it('NotificationRequestRepository.page', async () => {
    const repository = new NotificationRequestRepository(dataSource);
    const recipient = await account();
    const senders = [await account(), await account()];
    const status = await createStatus(dataSource, senders[0]);
    const rows = dataSource.getRepository(NotificationRequest);
    const requests = [
      await rows.save({
        accountId: recipient.id,
        fromAccountId: senders[0].id,
        lastStatusId: status.id,
      }),
      await rows.save({ accountId: recipient.id, fromAccountId: senders[1].id }),
    ];
    const expected = await rows.find({ where: { accountId: recipient.id }, order: { id: 'DESC' } });
    expect(await repository.page(recipient.id, { limit: 10 })).toEqual(expected);
    expect(await repository.page(recipient.id, { minId: requests[0].id, limit: 10 })).toEqual([
      expected[0],
    ]);
  });

  it('NotificationPolicyRepository.summary', async () => {
    const repository = new NotificationPolicyRepository(dataSource);
    const owner = await account();
    expect(await repository.summary(owner.id, 100)).toEqual({
      policy: null,
      pendingRequestsCount: 0,
      pendingNotificationsCount: 0,
    });
    await repository.save(owner.id, {
      forNotFollowing: PolicyAction.Filter,
      forNotFollowers: PolicyAction.Drop,
      forNewAccounts: PolicyAction.Accept,
      forPrivateMentions: PolicyAction.Filter,
      forLimitedAccounts: PolicyAction.Drop,
    });
    const { policy } = await repository.summary(owner.id, 100);
    expect(policy).toBeInstanceOf(NotificationPolicy);
    expect(policy).toEqual(
      await dataSource.getRepository(NotificationPolicy).findOneByOrFail({ accountId: owner.id }),
    );
  });

  it('AccountConversationRepository', async () => {
    const repository = new AccountConversationRepository(dataSource);
    const owner = await account();
    const other = await account();
    const status = await createStatus(dataSource, other);
    const added = await repository.addStatus(
      owner.id,
      status.conversationId!,
      [other.id],
      status.id,
      true,
    );
    const stored = await dataSource
      .getRepository(AccountConversation)
      .findOneByOrFail({ id: added.id });
    expect(added).toBeInstanceOf(AccountConversation);
    expect(added).toEqual(stored);
    expect(added.participantAccountIds).toEqual([other.id]);
    expect(await repository.page(owner.id, { limit: 5 })).toEqual([stored]);
    expect(await repository.owned(owner.id, added.id)).toEqual(stored);
  });

  it('MarkerRepository.move', async () => {
    const repository = new MarkerRepository(dataSource);
    const { user } = await createLocalAccount(dataSource);
    const marker = await repository.findOrCreate(user.id, 'home');
    const moved = await repository.move(marker, '12345');
    expect(moved).toBeInstanceOf(Marker);
    expect(moved).toEqual(
      await dataSource.getRepository(Marker).findOneByOrFail({ id: marker.id }),
    );
    expect(moved!.lockVersion).toBe(marker.lockVersion + 1);
    expect(await repository.move(marker, '12346')).toBeNull();
  });
});
