import { Injectable } from '@nestjs/common';
import { SEARCH_INDEXES, SearchIndexKind, SearchRepository } from '@nestodon/domain';

export const SEARCH_INDEX_KINDS = Object.keys(SEARCH_INDEXES) as SearchIndexKind[];

/**
 * `search deploy` (tootctl's name): rebuilds the search indexes. PostgreSQL keeps them current
 * on every write, so this is only needed after a bulk import, a dictionary change or bloat;
 * indexes are rebuilt concurrently, so the server keeps serving.
 */
@Injectable()
export class DeploySearchService {
  constructor(private readonly search: SearchRepository) {}

  async call(
    kinds: SearchIndexKind[] = SEARCH_INDEX_KINDS,
  ): Promise<Array<{ kind: SearchIndexKind; indexes: string[] }>> {
    const rebuilt = [];
    for (const kind of kinds) rebuilt.push({ kind, indexes: await this.search.rebuild(kind) });
    return rebuilt;
  }
}
