import type { NodeInfo } from '@fedify/fedify';
// For the api's NodeInfo 2.0 controller, which loads Fedify only through this library.
export { nodeInfoToJson } from '@fedify/fedify';
import { AppConfig, NESTODON_VERSION, RegistrationMode } from '@nestodon/config';
import type { InstanceCounts } from '@nestodon/domain';
import { SOURCE_URL } from '@nestodon/serializers';

/**
 * The server described for NodeInfo: honestly Nestodon and its version, local users (active in
 * the last month and half year) and posts from the instance statistics, and whether anyone may
 * sign up (open, or open to approval; the runtime setting, which the CLI changes).
 */
export function buildNodeInfo(
  config: AppConfig,
  counts: InstanceCounts,
  registrationsMode: RegistrationMode,
): NodeInfo {
  return {
    software: {
      name: 'nestodon',
      version: NESTODON_VERSION,
      repository: new URL(SOURCE_URL),
    },
    protocols: ['activitypub'],
    services: { inbound: [], outbound: [] },
    usage: {
      users: {
        total: counts.userCount,
        activeMonth: counts.activeMonth,
        activeHalfyear: counts.activeHalfyear,
      },
      localPosts: counts.statusCount,
      // Mastodon counts every post as a post; replies are not told apart.
      localComments: 0,
    },
    openRegistrations: registrationsMode !== 'none',
    metadata: {
      nodeName: config.instance.title,
      nodeDescription: config.instance.description,
    },
  };
}
