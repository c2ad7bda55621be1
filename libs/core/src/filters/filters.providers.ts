import { Provider } from '@nestjs/common';
import { STATUS_FILTER_MATCHER } from '@nestodon/serializers';
import { AddFilterKeywordService } from './add-filter-keyword.service';
import { AddFilterStatusService } from './add-filter-status.service';
import { CreateFilterV1Service } from './create-filter-v1.service';
import { CreateFilterService } from './create-filter.service';
import { DeleteFilterService } from './delete-filter.service';
import { FilterQueries } from './filter-queries';
import { FiltersChangedNotifier } from './filters-changed';
import { RemoveFilterKeywordService } from './remove-filter-keyword.service';
import { RemoveFilterStatusService } from './remove-filter-status.service';
import { StatusFilterQueries } from './status-filter-queries';
import { UpdateFilterKeywordService } from './update-filter-keyword.service';
import { UpdateFilterV1Service } from './update-filter-v1.service';
import { UpdateFilterService } from './update-filter.service';

/** The filters feature's providers, registered by CoreModule. */
export const FILTERS_PROVIDERS: Provider[] = [
  AddFilterKeywordService,
  AddFilterStatusService,
  CreateFilterService,
  CreateFilterV1Service,
  DeleteFilterService,
  FilterQueries,
  FiltersChangedNotifier,
  RemoveFilterKeywordService,
  RemoveFilterStatusService,
  StatusFilterQueries,
  UpdateFilterKeywordService,
  UpdateFilterService,
  UpdateFilterV1Service,
  { provide: STATUS_FILTER_MATCHER, useExisting: StatusFilterQueries },
];
