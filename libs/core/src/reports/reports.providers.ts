import { Provider } from '@nestjs/common';
import { CreateReportService } from './create-report.service';

/** The reports feature's providers, registered by CoreModule. */
export const REPORTS_PROVIDERS: Provider[] = [CreateReportService];
