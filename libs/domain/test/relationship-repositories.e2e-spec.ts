import {
  AccountPin,
  FeaturedTag,
  FeaturedTagsRepository,
  Follow,
  FollowRepository,
  FollowRequest,
  Mute,
  MuteRepository,
  Tag,
  TagRepository,
} from '@nestodon/domain';
import {
  createLocalAccount,
  createQueryCountingDatabase,
  createRemoteAccount,
  QueryCountingDatabase,
} from '@nestodon/testing';
import { DataSource } from 'typeorm';

describe('relationship repositories', () => {
  let db: QueryCountingDatabase;
  let dataSource: DataSource;
  let follows: FollowRepository;

  beforeAll(async () => {
    db = await createQueryCountingDatabase();
    ({ dataSource } = db);
    follows = new FollowRepository(dataSource);
  });
  afterAll(() => db.teardown());

  const local = async () => (await createLocalAccount(dataSource)).account;

  it('upserts follows and requests, returning entities equal to what TypeORM loads', async () => {
    const [alice, bob] = [await local(), await local()];
    const first = await follows.upsertFollow(alice.id, bob.id, { languages: ['en'] });
    expect(first.inserted).toBe(true);
    expect(first.follow).toBeInstanceOf(Follow);
    expect(first.follow).toEqual(
      await dataSource.getRepository(Follow).findOneByOrFail({ id: first.follow.id }),
    );
    const again = await follows.upsertFollow(alice.id, bob.id, { notify: true });
    expect(again.inserted).toBe(false);
    expect(again.follow).toMatchObject({ showReblogs: true, notify: true, languages: ['en'] });

    const { request, inserted } = await follows.upsertFollowRequest(bob.id, alice.id, {
      reblogs: false,
    });
    expect(inserted).toBe(true);
    expect(request).toEqual(
      await dataSource.getRepository(FollowRequest).findOneByOrFail({ id: request.id }),
    );
    expect(await follows.takeFollowRequest(bob.id, alice.id)).toEqual({
      showReblogs: false,
      notify: false,
      languages: null,
    });
    expect(await follows.takeFollowRequest(bob.id, alice.id)).toBeNull();
  });

  it('deletes follows between two accounts and with a domain, both ways', async () => {
    const [alice, bob] = [await local(), await local()];
    const remote = await createRemoteAccount(dataSource, { domain: 'gone.example' });
    await follows.upsertFollow(alice.id, bob.id, {});
    await follows.upsertFollow(bob.id, alice.id, {});
    await follows.upsertFollow(alice.id, remote.id, {});
    await follows.upsertFollow(remote.id, alice.id, {});
    await dataSource
      .getRepository(AccountPin)
      .save({ accountId: alice.id, targetAccountId: bob.id });

    const between = await follows.deleteFollowsBetween(alice.id, bob.id);
    expect(between).toHaveLength(2);
    expect(between).toContainEqual({ accountId: bob.id, targetAccountId: alice.id });
    const withDomain = await follows.deleteFollowsWithDomain(alice.id, 'gone.example');
    expect(withDomain).toContainEqual({ accountId: remote.id, targetAccountId: alice.id });
    expect(withDomain).toHaveLength(2);
    expect(await dataSource.getRepository(Follow).countBy({ accountId: alice.id })).toBe(0);
    // Other tables are the callers' to clear.
    expect(await dataSource.getRepository(AccountPin).countBy({ accountId: alice.id })).toBe(1);
  });

  it('returns mutes and featured tags equal to what TypeORM loads', async () => {
    const [alice, bob] = [await local(), await local()];
    const mute = await new MuteRepository(dataSource).upsertMute(alice.id, bob.id, false, 60);
    expect(mute).toBeInstanceOf(Mute);
    expect(mute).toEqual(await dataSource.getRepository(Mute).findOneByOrFail({ id: mute.id }));
    expect(mute.expiresAt).toBeInstanceOf(Date);

    const [tag] = await new TagRepository(dataSource).findOrCreate([
      { name: 'cats', displayName: 'Cats' },
    ]);
    expect(tag).toBeInstanceOf(Tag);
    const featured = await new FeaturedTagsRepository(dataSource).insert(alice.id, tag.id, 'Cats');
    expect(featured).toEqual(
      await dataSource.getRepository(FeaturedTag).findOneByOrFail({ id: featured.id }),
    );
    expect(featured.statusesCount).toBe(0);
  });
});
