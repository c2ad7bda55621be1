import { dropTemplateDatabase } from '@nestodon/testing';

export default async function globalTeardown(): Promise<void> {
  await dropTemplateDatabase();
}
