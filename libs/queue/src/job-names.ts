/** BullMQ queues, split like Mastodon's Sidekiq queues so slow kinds cannot starve urgent ones. */
export const QueueName = {
  Default: 'default',
  Push: 'push',
  Ingress: 'ingress',
  Mailers: 'mailers',
  Scheduler: 'scheduler',
} as const;
export type QueueName = (typeof QueueName)[keyof typeof QueueName];

/** Every job kind. Payloads carry ids only; processors reload rows. */
export const JobName = {
  /** Round trip through the worker, used by GET /health/worker and `cli jobs ping`. */
  SystemPing: 'system.ping',
  /** Issue a fresh confirmation token for a user and mail the link. */
  SendConfirmationEmail: 'mail.confirmation',
} as const;
export type JobName = (typeof JobName)[keyof typeof JobName];

export interface JobPayloads {
  [JobName.SystemPing]: { requestedAt: string };
  [JobName.SendConfirmationEmail]: { userId: string };
}

export interface JobResults {
  [JobName.SystemPing]: { processedAt: string };
  [JobName.SendConfirmationEmail]: void;
}

export const QUEUE_OF_JOB: Record<JobName, QueueName> = {
  [JobName.SystemPing]: QueueName.Default,
  [JobName.SendConfirmationEmail]: QueueName.Mailers,
};
