import { HttpStandIn, startHttpStandIn } from '@nestodon/testing';
import { ServerResponse } from 'node:http';
import { ApiHarness, startApi } from './api-harness';
import { Person, person } from './relationships';

/**
 * What link preview card tests stand on: a site on loopback serving the pages (`serve` answers
 * each request by its path, query left out), the api with jobs inline (a status's card is
 * fetched as it is posted) and alice, who posts the links.
 */
export interface CardFetching {
  api: ApiHarness;
  site: HttpStandIn;
  alice: Person;
  close(): Promise<void>;
}

export async function startCardFetching(
  serve: (path: string, res: ServerResponse) => void,
): Promise<CardFetching> {
  const site = await startHttpStandIn((request, res) => serve(request.path.split('?')[0], res));
  const api = await startApi({ inlineJobs: true });
  const alice = await person(api.dataSource);
  return {
    api,
    site,
    alice,
    close: async () => {
      await api.close();
      await site.close();
    },
  };
}
