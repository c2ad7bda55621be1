import { Injectable, OnModuleInit } from '@nestjs/common';
import type Redis from 'ioredis';
import { RedisService } from '../redis.service';
import { Metrics } from './metrics.service';

type SendCommand = Redis['sendCommand'];

/**
 * Redis commands of the process's connections (the command client, subscribers, the queues'
 * shared connection): time by command name, and failures. BullMQ's own blocking connections
 * are left out: their waits are idle time, not latency.
 */
@Injectable()
export class RedisMetrics implements OnModuleInit {
  constructor(
    private readonly metrics: Metrics,
    private readonly redis: RedisService,
  ) {}

  onModuleInit(): void {
    const duration = this.metrics.histogram({
      name: 'nestodon_redis_command_duration_seconds',
      help: 'Redis command time, by command',
      labelNames: ['command'],
    });
    const failures = this.metrics.counter({
      name: 'nestodon_redis_command_errors_total',
      help: 'Redis commands that failed, by command',
      labelNames: ['command'],
    });
    this.redis.instrumentWith((connection) => {
      const send = connection.sendCommand.bind(connection) as SendCommand;
      connection.sendCommand = ((command, stream) => {
        const labels = { command: command.name };
        const timer = duration.startTimer(labels);
        const end = () => void timer();
        command.promise.then(end, () => {
          end();
          failures.inc(labels);
        });
        return send(command, stream);
      }) as SendCommand;
    });
  }
}
