import { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { AppConfig } from '@nestodon/config';
import { createTestEnvironment, TestEnvironmentOptions } from '@nestodon/testing';
import { Command } from 'commander';
import { DataSource } from 'typeorm';
import { CliModule, CliRuntime } from '../../src/cli-runtime';
import { COMMANDS } from '../../src/commands';

export interface CliHarness {
  config: AppConfig;
  app: INestApplicationContext;
  dataSource: DataSource;
  /**
   * Runs `nestodon <args>` in this process against the real database and Redis; resolves with
   * the lines it printed, rejects with the error a real run prints before exiting with 1.
   */
  run(...args: string[]): Promise<string[]>;
  close(): Promise<void>;
}

/**
 * The CLI's commands on a booted CLI module: on a test environment of its own, or on the
 * configuration of a running api (`config`), to change what that api sees.
 */
export async function startCli(
  options: TestEnvironmentOptions & { config?: AppConfig } = {},
): Promise<CliHarness> {
  const environment = options.config ? null : await createTestEnvironment(options);
  // The CLI process has no job processors: its jobs go to the queues, whatever the api does.
  const config: AppConfig = options.config
    ? { ...options.config, jobs: { ...options.config.jobs, inline: false } }
    : environment!.config;
  const app = await NestFactory.createApplicationContext(CliModule.forRoot(config), {
    logger: false,
  });

  async function run(...args: string[]): Promise<string[]> {
    const output: string[] = [];
    const runtime: CliRuntime = {
      config: () => config,
      withContext: (fn) => fn(app),
      print: (line) => output.push(line),
    };
    const program = new Command('nestodon');
    for (const command of COMMANDS) program.addCommand(command(runtime));
    const quiet = (command: Command) => {
      command
        .exitOverride()
        .configureOutput({ writeErr: () => undefined, writeOut: () => undefined });
      command.commands.forEach(quiet);
    };
    quiet(program);
    await program.parseAsync(args, { from: 'user' });
    return output;
  }

  return {
    config,
    app,
    dataSource: app.get(DataSource),
    run,
    close: async () => {
      await app.close();
      await environment?.teardown();
    },
  };
}
