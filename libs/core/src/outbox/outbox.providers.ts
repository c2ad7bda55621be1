import { Provider } from '@nestjs/common';
import { ActivityOutbox } from './activity-outbox';

/** The outbox feature's providers (reports of federating actions), registered by CoreModule. */
export const OUTBOX_PROVIDERS: Provider[] = [ActivityOutbox];
