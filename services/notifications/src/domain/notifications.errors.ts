import { CodedError, EmailTemplateMessages } from '@bleedkits/contracts';

/** The notifications context's refusals, each with its stable code. */
export const NotificationsErrors = {
  templateNotFound: () => CodedError.notFound(EmailTemplateMessages.notFound),
  invalid: (problems: string[]) => CodedError.validation(problems),
};
