import { Provider } from '@nestjs/common';
import { Mailer } from './mailer';

/** The mail feature's providers, registered by CoreModule. */
export const MAIL_PROVIDERS: Provider[] = [Mailer];
