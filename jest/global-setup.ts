import { prepareTemplateDatabase } from '@nestodon/testing';

export default async function globalSetup(): Promise<void> {
  await prepareTemplateDatabase();
}
