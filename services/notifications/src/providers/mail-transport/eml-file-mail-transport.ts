import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type StreamTransport from 'nodemailer/lib/stream-transport';
import { type DkimOptions, MailTransport, type OutgoingEmail } from './mail-transport.port';
import { nodemailerMessage } from './nodemailer-message';

/**
 * The offline default: each message is written as `<outbox-id>.eml` (RFC 5322, as SMTP would carry it) into
 * OUTBOX_DIR. Written to a temporary name and renamed, so a reader never sees half a message; a second attempt
 * of the same message overwrites the same file.
 */
export class EmlFileMailTransport extends MailTransport {
  private readonly transporter: Transporter<StreamTransport.SentMessageInfo>;
  readonly dir: string;

  constructor(dir: string, dkim?: DkimOptions) {
    super();
    this.dir = path.resolve(dir);
    this.transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows', ...(dkim ? { dkim } : {}) });
  }

  async send(email: OutgoingEmail): Promise<void> {
    const info = await this.transporter.sendMail(nodemailerMessage(email));
    await mkdir(this.dir, { recursive: true });
    const name = email.messageId.replace(/^<|@.*$/g, '').replace(/[^A-Za-z0-9-]/g, '_');
    const file = path.join(this.dir, `${name}.eml`);
    await writeFile(`${file}.tmp`, info.message as Buffer);
    await rename(`${file}.tmp`, file);
  }

  describe(): string {
    return `SMTP_URL is not set: e-mails are written as .eml files to ${this.dir}`;
  }
}
