import nodemailer, { type Transporter } from 'nodemailer';
import { type DkimOptions, MailTransport, type OutgoingEmail, PermanentDeliveryError } from './mail-transport.port';
import { nodemailerMessage } from './nodemailer-message';

/** SMTP through nodemailer: `smtp://user:pass@host:port` (STARTTLS when offered) or `smtps://` (TLS). */
export class SmtpMailTransport extends MailTransport {
  private readonly transporter: Transporter;
  private readonly where: string;

  constructor(smtpUrl: string, timeoutMs: number, dkim?: DkimOptions) {
    super();
    const url = new URL(smtpUrl);
    this.where = `${url.protocol}//${url.hostname}:${url.port || (url.protocol === 'smtps:' ? 465 : 587)}`;
    this.transporter = nodemailer.createTransport(smtpUrl, {
      connectionTimeout: timeoutMs,
      greetingTimeout: timeoutMs,
      socketTimeout: timeoutMs * 2,
      ...(dkim ? { dkim } : {}),
    });
  }

  async send(email: OutgoingEmail): Promise<void> {
    try {
      await this.transporter.sendMail(nodemailerMessage(email));
    } catch (e) {
      const code = (e as { responseCode?: number }).responseCode;
      // 5xx: the server refused this message for good (unknown mailbox, policy). 4xx and network errors are retried.
      if (typeof code === 'number' && code >= 500 && code < 600) throw new PermanentDeliveryError(`${code}: ${(e as Error).message}`);
      throw e;
    }
  }

  describe(): string {
    return `e-mail is delivered by SMTP to ${this.where}`;
  }

  override async close(): Promise<void> {
    this.transporter.close();
  }
}
