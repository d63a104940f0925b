import { Logger, type Provider } from '@nestjs/common';
import { NOTIFICATIONS_ENV, type NotificationsEnv, dkimOptionsOf } from '../../config/env';
import { EmlFileMailTransport } from './eml-file-mail-transport';
import { MailTransport } from './mail-transport.port';
import { SmtpMailTransport } from './smtp-mail-transport';

/** SMTP when SMTP_URL is set, else .eml files under OUTBOX_DIR; DKIM-signed when configured; the start log says which. */
export const mailTransportProvider: Provider = {
  provide: MailTransport,
  inject: [NOTIFICATIONS_ENV],
  useFactory: (env: NotificationsEnv): MailTransport => {
    const dkim = dkimOptionsOf(env);
    const transport = env.SMTP_URL ? new SmtpMailTransport(env.SMTP_URL, env.SMTP_TIMEOUT_MS, dkim) : new EmlFileMailTransport(env.OUTBOX_DIR, dkim);
    new Logger('MailTransport').log(`${transport.describe()}${dkim ? `, DKIM-signed for ${dkim.domainName} (selector ${dkim.keySelector})` : ''}`);
    return transport;
  },
};
