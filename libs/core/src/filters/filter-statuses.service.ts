import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Account, CustomFilterStatus, isValidId, ValidationError } from '@nestodon/domain';
import { DataSource } from 'typeorm';
import { FetchFiltersService } from './fetch-filters.service';
import { FiltersChangedNotifier } from './filters-changed';

/** Adds and removes statuses a filter matches by id (/api/v2/filters/…/statuses). */
@Injectable()
export class ManageFilterStatusesService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly fetch: FetchFiltersService,
    private readonly notifier: FiltersChangedNotifier,
  ) {}

  async add(
    owner: Pick<Account, 'id'>,
    filterId: string,
    statusId: unknown,
  ): Promise<CustomFilterStatus> {
    const filter = await this.fetch.owned(owner, filterId);
    if (!isValidId(statusId)) throw new ValidationError('Validation failed: Status must exist');
    const exists: unknown[] = await this.dataSource.query(
      `SELECT 1 FROM statuses WHERE id = $1 AND deleted_at IS NULL`,
      [statusId],
    );
    if (exists.length === 0) throw new ValidationError('Validation failed: Status must exist');
    const rows: Array<{ id: string }> = await this.dataSource.query(
      `INSERT INTO custom_filter_statuses (custom_filter_id, status_id) VALUES ($1, $2)
       ON CONFLICT (custom_filter_id, status_id) DO NOTHING RETURNING id::text`,
      [filter.id, statusId],
    );
    if (rows.length === 0) {
      throw new ValidationError('Validation failed: Status has already been taken');
    }
    await this.notifier.changed(owner.id);
    return (await this.dataSource.getRepository(CustomFilterStatus).findOneBy({ id: rows[0].id }))!;
  }

  async remove(owner: Pick<Account, 'id'>, id: string): Promise<void> {
    const { status } = await this.fetch.filterStatus(owner, id);
    await this.dataSource.getRepository(CustomFilterStatus).delete({ id: status.id });
    await this.notifier.changed(owner.id);
  }
}
