import type Mail from 'nodemailer/lib/mailer';
import type { OutgoingEmail } from './mail-transport.port';

/**
 * Addresses are passed as objects, never as text for nodemailer to parse, so an address can never be read as
 * a list or a display name; `disableFileAccess` / `disableUrlAccess` keep a message from pulling in local files.
 */
export function nodemailerMessage(email: OutgoingEmail): Mail.Options {
  return {
    messageId: email.messageId,
    from: email.from,
    to: { name: '', address: email.to },
    ...(email.replyTo ? { replyTo: { name: '', address: email.replyTo } } : {}),
    subject: email.subject,
    text: email.text,
    html: email.html,
    ...(email.listUnsubscribeUrl ? { list: { unsubscribe: email.listUnsubscribeUrl } } : {}),
    headers: {
      // Our own single-line ASCII values: passed as written (an encoded List-Id or Precedence would not be read).
      ...Object.fromEntries(Object.entries(email.headers ?? {}).map(([k, v]) => [k, { prepared: true, value: v.replace(/[\r\n]+/g, ' ') }])),
      ...(email.listUnsubscribeUrl ? { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } : {}),
    },
    disableFileAccess: true,
    disableUrlAccess: true,
  };
}
