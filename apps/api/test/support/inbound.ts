import { AccountRepository } from '@nestodon/domain';
import { ApiHarness, startApi } from './api-harness';
import { RemoteActor, RemoteInstance } from './remote-instance';

/**
 * The api and another server on loopback for inbound federation tests: jobs inline (an
 * activity is taken in within the request that delivers it) and private addresses allowed
 * (the api fetches the remote actors from 127.0.0.1).
 */
export interface ApiWithRemote {
  api: ApiHarness;
  remote: RemoteInstance;
}

export async function startApiWithRemote(): Promise<ApiWithRemote> {
  const api = await startApi({ inlineJobs: true, env: { ALLOW_PRIVATE_ADDRESS: 'true' } });
  const remote = await RemoteInstance.start();
  return { api, remote };
}

export async function closeApiWithRemote({ api, remote }: ApiWithRemote): Promise<void> {
  await api.close();
  await remote.close();
}

/** The account the api keeps for a remote actor (known once the api has taken it in). */
export async function accountOfActor(api: ApiHarness, actor: RemoteActor) {
  return (await new AccountRepository(api.dataSource).findByUri(actor.id))!;
}
