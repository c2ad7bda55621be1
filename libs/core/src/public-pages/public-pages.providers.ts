import { Provider } from '@nestjs/common';
import { PublicPageQueries } from './public-page-queries';

/** The public pages' providers, registered by CoreModule. */
export const PUBLIC_PAGES_PROVIDERS: Provider[] = [PublicPageQueries];
