import { AuthContext } from '@nestodon/auth';
import { SettingsQueries } from '@nestodon/core';
import { Tag } from '@nestodon/domain';
import { AdminTagJson, serializeAdminTag, TagPresenter } from '@nestodon/serializers';

/** Admin::Tag entities of tags, for the staff member reading them (history in one round trip). */
export async function presentAdminTags(
  tags: Tag[],
  auth: AuthContext,
  presenter: TagPresenter,
  settings: SettingsQueries,
): Promise<AdminTagJson[]> {
  const [json, current] = await Promise.all([
    presenter.presentMany(tags, auth.user?.accountId ?? null),
    settings.current(),
  ]);
  return tags.map((tag, i) => serializeAdminTag(json[i], tag, current.trendableByDefault));
}
