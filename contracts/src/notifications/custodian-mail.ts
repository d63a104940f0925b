/**
 * E-mails to a custodian address: the address an owner typed for a kit, never confirmed by its holder. Each one
 * carries a "not my kit, stop these e-mails" link; following it blocks that address for the kits the e-mail was
 * about, and the admins are told. Notifications checks the block and a daily limit per address where every such
 * e-mail is queued, so every sender obeys them.
 */

/** The web page the e-mail's link opens (it shows a button that POSTs: a link scanner's GET stops nothing). */
export const CUSTODIAN_STOP_PAGE_PATH = '/stop-emails';
/** The API that stops the e-mails: the page's POST and the RFC 8058 one-click POST of `List-Unsubscribe-Post`. */
export const CUSTODIAN_STOP_API_PATH = '/api/custodian-mail/stop';

/** At most this many kits in one custodian e-mail (a digest): the stop link names them all. */
export const CUSTODIAN_MAIL_MAX_KITS = 50;

/** notifications.cmd.stop-custodian-mail.v1 and POST /api/custodian-mail/stop (token in the body or the query). */
export type StopCustodianMailRequest = { token: string };
export type StopCustodianMailResponse = { message: string };

export const CustodianMailMessages = {
  stopped: 'Done. We will not send e-mails about this kit to your address again, and the register’s administrators have been told.',
  invalidToken: 'This link is not valid. Please open the link from the e-mail again.',
  pageTitle: 'Not your kit?',
  pageIntro:
    'Someone registered a bleed kit with your e-mail address as its custodian. If you do not look after this kit, you can stop the register’s e-mails about it.',
  pageButton: 'Stop these e-mails',
  footerText: 'Not your kit? Stop these e-mails:',
  footerLink: 'Not your kit? Stop these e-mails',
} as const;
