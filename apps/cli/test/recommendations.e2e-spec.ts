import { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { RecommendedAccount } from '@nestodon/domain';
import { createLocalAccount, createTestEnvironment, TestEnvironment } from '@nestodon/testing';
import { Command } from 'commander';
import { DataSource } from 'typeorm';
import { CliModule, CliRuntime } from '../src/cli-runtime';
import { recommendationsCommand } from '../src/commands/recommendations.command';

describe('operator CLI: recommendations', () => {
  let environment: TestEnvironment;
  let app: INestApplicationContext;
  let dataSource: DataSource;

  beforeAll(async () => {
    environment = await createTestEnvironment();
    app = await NestFactory.createApplicationContext(CliModule.forRoot(environment.config), {
      logger: false,
    });
    dataSource = app.get(DataSource);
  });
  afterAll(async () => {
    await app.close();
    await environment.teardown();
  });

  async function cli(...args: string[]): Promise<string[]> {
    const output: string[] = [];
    const runtime: CliRuntime = {
      withContext: (fn) => fn(app),
      print: (line) => output.push(line),
    };
    const program = new Command('nestodon').addCommand(recommendationsCommand(runtime));
    program.exitOverride().configureOutput({ writeErr: () => undefined });
    program.commands.forEach((command) =>
      command.exitOverride().configureOutput({ writeErr: () => undefined }),
    );
    await program.parseAsync(args, { from: 'user' });
    return output;
  }

  it('adds, lists and removes recommended accounts', async () => {
    await createLocalAccount(dataSource, { username: 'Welcome' });
    await createLocalAccount(dataSource, { username: 'news' });
    expect(await cli('recommendations', 'list')).toEqual(['No accounts are recommended']);
    expect(await cli('recommendations', 'add', 'welcome')).toEqual(['@Welcome is recommended']);
    await cli('recommendations', 'add', '@news');
    await cli('recommendations', 'add', 'news');
    expect(await cli('recommendations', 'list')).toEqual(['@Welcome', '@news']);
    expect(await dataSource.getRepository(RecommendedAccount).count()).toBe(2);
    expect(await cli('recommendations', 'remove', 'WELCOME')).toEqual([
      '@Welcome is no longer recommended',
    ]);
    expect(await cli('recommendations', 'list')).toEqual(['@news']);
  });

  it('refuses unknown names', async () => {
    await expect(cli('recommendations', 'add', 'nobody')).rejects.toThrow(
      'No local account is named "nobody"',
    );
  });
});
