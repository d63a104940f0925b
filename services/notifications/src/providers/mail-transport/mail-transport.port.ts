/** One e-mail ready to leave: every header value is already a single line (see domain/email-template.ts). */
export type OutgoingEmail = {
  /** `<outbox-id@domain>`: the same for every attempt of one outbox message. */
  messageId: string;
  from: string;
  to: string;
  replyTo?: string | null;
  subject: string;
  text: string;
  html: string;
  /** A custodian e-mail's RFC 8058 one-click stop URL: sent as List-Unsubscribe with List-Unsubscribe-Post. */
  listUnsubscribeUrl?: string | null;
  /** Headers that say what kind of mail this is (Auto-Submitted; Precedence and List-Id on bulk mail). */
  headers?: Readonly<Record<string, string>>;
};

/** DKIM signing of every message (nodemailer's `dkim` option): d=, s= and the PEM private key. */
export type DkimOptions = { domainName: string; keySelector: string; privateKey: string };

/** A failure the remote side says will not go away by retrying (an SMTP 5xx reply, e.g. an unknown mailbox). */
export class PermanentDeliveryError extends Error {
  override readonly name = 'PermanentDeliveryError';
}

/** Port: how an e-mail leaves. Adapters: SMTP (nodemailer) and .eml files (no SMTP configured). */
export abstract class MailTransport {
  abstract send(email: OutgoingEmail): Promise<void>;
  /** One line for the start log: where mail goes. */
  abstract describe(): string;
  async close(): Promise<void> {}
}
