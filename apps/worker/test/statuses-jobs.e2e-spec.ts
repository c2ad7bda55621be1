import { INestApplicationContext } from '@nestjs/common';
import { PostStatusService, RecordRemoteVoteService } from '@nestodon/core';
import { Account, MediaAttachment, Poll, ScheduledStatus, Status } from '@nestodon/domain';
import { JobName, JobQueue } from '@nestodon/queue';
import {
  createLocalAccount,
  createMediaAttachment,
  createPoll,
  createRemoteAccount,
  createStatus,
  createTestEnvironment,
  TestEnvironment,
  waitFor,
} from '@nestodon/testing';
import { DataSource } from 'typeorm';
import { createWorkerApp } from '../src/bootstrap';
import { ExpirePollProcessor } from '../src/processors/expire-poll.processor';
import { PublishScheduledStatusProcessor } from '../src/processors/publish-scheduled-status.processor';

describe('status jobs in the worker', () => {
  let environment: TestEnvironment;
  let worker: INestApplicationContext;
  let dataSource: DataSource;
  let alice: Account;

  beforeAll(async () => {
    environment = await createTestEnvironment();
    worker = await createWorkerApp(environment.config);
    await worker.init();
    dataSource = worker.get(DataSource);
    alice = (await createLocalAccount(dataSource, { username: 'alice' })).account;
  });
  afterAll(async () => {
    await worker.close();
    await environment.teardown();
  });

  describe('poll expiry', () => {
    it('closes a poll once, and only after it ended', async () => {
      const processor = worker.get(ExpirePollProcessor);
      const status = await createStatus(dataSource, alice);
      const poll = await createPoll(dataSource, status, {
        expiresAt: new Date(Date.now() + 60_000),
      });
      expect(await processor.process({ pollId: poll.id })).toEqual({ closed: false });
      await dataSource
        .getRepository(Poll)
        .update({ id: poll.id }, { expiresAt: new Date(Date.now() - 1000) });
      expect(await processor.process({ pollId: poll.id })).toEqual({ closed: true });
      expect(await processor.process({ pollId: poll.id })).toEqual({ closed: false });
      const row = await dataSource.getRepository(Poll).findOneBy({ id: poll.id });
      expect(row?.closedAt).not.toBeNull();
      expect(await processor.process({ pollId: '987654321' })).toEqual({ closed: false });
    });

    it('each run also closes polls whose job was lost', async () => {
      const status = await createStatus(dataSource, alice);
      const lost = await createPoll(dataSource, status, {
        expiresAt: new Date(Date.now() - 5000),
      });
      const other = await createStatus(dataSource, alice);
      const current = await createPoll(dataSource, other, {
        expiresAt: new Date(Date.now() + 60_000),
      });
      await worker.get(ExpirePollProcessor).process({ pollId: current.id });
      const row = await dataSource.getRepository(Poll).findOneBy({ id: lost.id });
      expect(row?.closedAt).not.toBeNull();
    });

    it('a delayed BullMQ job closes the poll when it ends', async () => {
      const status = await createStatus(dataSource, alice);
      const poll = await createPoll(dataSource, status, {
        expiresAt: new Date(Date.now() + 800),
      });
      await worker
        .get(JobQueue)
        .enqueue(JobName.ExpirePoll, { pollId: poll.id }, { delay: 900, jobId: `p-${poll.id}` });
      const closed = await waitFor(
        async () =>
          (await dataSource.getRepository(Poll).findOneBy({ id: poll.id }))?.closedAt != null,
      );
      expect(closed).toBe(true);
    });
  });

  describe('scheduled statuses', () => {
    const schedule = async (input: Parameters<PostStatusService['call']>[1]) => {
      const result = await worker.get(PostStatusService).call(alice, {
        scheduledAt: new Date(Date.now() + 10 * 60_000),
        ...input,
      });
      if (!('scheduled' in result)) throw new Error('expected a scheduled status');
      return result.scheduled;
    };
    const makeDue = (id: string) =>
      dataSource
        .getRepository(ScheduledStatus)
        .update({ id }, { scheduledAt: new Date(Date.now() - 1000) });

    it('publishes at its time, once, with its media and poll', async () => {
      const processor = worker.get(PublishScheduledStatusProcessor);
      const media = await createMediaAttachment(dataSource, alice);
      const scheduled = await schedule({
        text: 'from the past',
        mediaIds: [media.id],
        visibility: 'unlisted',
      });
      // Not due yet: nothing happens.
      expect(await processor.process({ scheduledStatusId: scheduled.id })).toEqual({
        statusId: null,
      });
      await makeDue(scheduled.id);
      const { statusId } = await processor.process({ scheduledStatusId: scheduled.id });
      expect(statusId).toMatch(/^\d+$/);
      const status = await dataSource.getRepository(Status).findOneBy({ id: statusId! });
      expect(status).toMatchObject({
        text: 'from the past',
        visibility: 1,
        orderedMediaAttachmentIds: [media.id],
      });
      const attached = await dataSource.getRepository(MediaAttachment).findOneBy({ id: media.id });
      expect(attached).toMatchObject({ statusId, scheduledStatusId: null });
      expect(await dataSource.getRepository(ScheduledStatus).findOneBy({ id: scheduled.id })).toBe(
        null,
      );
      // A second run finds nothing to publish.
      expect(await processor.process({ scheduledStatusId: scheduled.id })).toEqual({
        statusId: null,
      });
    });

    it('each run also publishes scheduled statuses whose job was lost', async () => {
      const lost = await schedule({ text: 'lost job' });
      const later = await schedule({ text: 'not yet' });
      await makeDue(lost.id);
      await worker.get(PublishScheduledStatusProcessor).process({ scheduledStatusId: later.id });
      expect(await dataSource.getRepository(Status).findOneBy({ text: 'lost job' })).not.toBeNull();
      expect(await dataSource.getRepository(Status).findOneBy({ text: 'not yet' })).toBeNull();
      expect(
        await dataSource.getRepository(ScheduledStatus).findOneBy({ id: later.id }),
      ).not.toBeNull();
    });

    it('posts a reply on its own when the parent is gone', async () => {
      const parent = await createStatus(dataSource, alice);
      const scheduled = await schedule({ text: 'late reply', inReplyToId: parent.id });
      await dataSource.getRepository(Status).update({ id: parent.id }, { deletedAt: new Date() });
      await makeDue(scheduled.id);
      const { statusId } = await worker
        .get(PublishScheduledStatusProcessor)
        .process({ scheduledStatusId: scheduled.id });
      const status = await dataSource.getRepository(Status).findOneBy({ id: statusId! });
      expect(status).toMatchObject({ text: 'late reply', inReplyToId: null, reply: false });
    });

    it('a delayed BullMQ job publishes it through the worker', async () => {
      const scheduled = await schedule({
        text: 'via the queue',
        poll: { options: ['yes', 'no'], expiresIn: 600 },
      });
      await makeDue(scheduled.id);
      await worker
        .get(JobQueue)
        .enqueue(
          JobName.PublishScheduledStatus,
          { scheduledStatusId: scheduled.id },
          { delay: 200, jobId: `s-${scheduled.id}` },
        );
      const published = await waitFor(
        async () =>
          (await dataSource.getRepository(Status).findOneBy({ text: 'via the queue' })) !== null,
      );
      expect(published).toBe(true);
      const status = await dataSource.getRepository(Status).findOneBy({ text: 'via the queue' });
      const poll = await dataSource.getRepository(Poll).findOneBy({ statusId: status!.id });
      expect(poll?.options).toEqual(['yes', 'no']);
    });
  });

  describe('votes from other servers', () => {
    it('tells remote servers the new counts once per window, however many votes come', async () => {
      const status = await createStatus(dataSource, alice);
      const poll = await createPoll(dataSource, status, { options: ['yes', 'no'] });
      const votes = worker.get(RecordRemoteVoteService);
      for (const username of ['v1', 'v2', 'v3']) {
        const voter = await createRemoteAccount(dataSource, { username });
        const counted = await votes.call(
          voter,
          { ...status, pollId: poll.id },
          'yes',
          `${voter.uri}#votes/1`,
        );
        expect(counted).toBe(true);
      }
      const delayed = await worker.get(JobQueue).queue('default').getDelayed();
      const updates = delayed.filter(
        (job) =>
          job.name === JobName.DistributeActivity &&
          (job.data as { statusId?: string }).statusId === status.id,
      );
      expect(updates).toHaveLength(1);
      expect(updates[0].data).toEqual({ type: 'update', statusId: status.id });
      expect(await dataSource.getRepository(Poll).findOneBy({ id: poll.id })).toMatchObject({
        cachedTallies: [3, 0],
        votersCount: 3,
      });
    });
  });
});
