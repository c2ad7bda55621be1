import { AnnouncementRepository } from '@nestodon/domain';
import { CliHarness, startCli } from './support/cli-harness';

describe('operator CLI: announcements', () => {
  let cli: CliHarness;
  let announcements: AnnouncementRepository;

  beforeAll(async () => {
    cli = await startCli();
    announcements = cli.app.get(AnnouncementRepository);
  });
  afterAll(() => cli.close());

  it('creates, lists, updates, unpublishes, publishes and deletes', async () => {
    const [id] = await cli.run(
      'announcements',
      'create',
      'Party on Saturday',
      '--starts-at',
      '2030-06-01',
      '--ends-at',
      '2030-06-02',
      '--all-day',
    );
    expect(await announcements.findById(id)).toMatchObject({
      text: 'Party on Saturday',
      published: true,
      allDay: true,
      startsAt: new Date('2030-06-01T00:00:00.000Z'),
      endsAt: new Date('2030-06-02T00:00:00.000Z'),
    });
    const [later] = await cli.run(
      'announcements',
      'create',
      'Later',
      '--scheduled-at',
      '2099-01-01T00:00:00Z',
    );
    expect(await cli.run('announcements', 'list')).toEqual([
      `${later}\tscheduled 2099-01-01T00:00:00.000Z\tLater`,
      expect.stringMatching(new RegExp(`^${id}\\tpublished \\S+\\tParty on Saturday$`)),
    ]);

    expect(await cli.run('announcements', 'update', id, '--text', 'Party on Sunday')).toEqual([
      'OK',
    ]);
    expect((await announcements.findById(id))!.text).toBe('Party on Sunday');
    expect(await cli.run('announcements', 'unpublish', id)).toEqual(['OK']);
    expect((await announcements.findById(id))!.published).toBe(false);
    expect(await cli.run('announcements', 'publish', later)).toEqual(['OK']);
    expect(await announcements.findById(later)).toMatchObject({
      published: true,
      scheduledAt: null,
    });
    expect(await cli.run('announcements', 'delete', id)).toEqual(['OK']);
    expect(await announcements.findById(id)).toBeNull();
    await expect(cli.run('announcements', 'delete', id)).rejects.toThrow('Announcement not found');
  });

  it('refuses what Mastodon refuses', async () => {
    await expect(cli.run('announcements', 'create', '   ')).rejects.toThrow(
      "Validation failed: Text can't be blank",
    );
    await expect(
      cli.run('announcements', 'create', 'half an event', '--starts-at', '2030-01-01'),
    ).rejects.toThrow("Validation failed: Ends at can't be blank");
    await expect(
      cli.run('announcements', 'create', 'when?', '--starts-at', 'tomorrow'),
    ).rejects.toThrow();
    await expect(cli.run('announcements', 'publish', 'x1')).rejects.toThrow();
  });
});
