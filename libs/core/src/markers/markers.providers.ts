import { Provider } from '@nestjs/common';
import { MarkerQueries } from './marker-queries';
import { SaveMarkersService } from './save-markers.service';

/** The markers feature's providers, registered by CoreModule. */
export const MARKERS_PROVIDERS: Provider[] = [MarkerQueries, SaveMarkersService];
