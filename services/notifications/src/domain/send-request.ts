import { EMAIL_TEMPLATE_LIMITS, type EmailVariables } from '@bleedkits/contracts';
import { custodianKitIdProblems } from './custodian-mail';
import { isDeliverableAddress } from './email-address';

const MAX_LIST_ITEMS = 1000;

/** What is wrong with a send request, before any template is looked at. Empty when nothing is. */
export function sendRequestProblems(req: {
  idempotencyKey?: unknown;
  templateId?: unknown;
  to?: unknown;
  variables?: unknown;
  custodianKitIds?: unknown;
}): string[] {
  const problems: string[] = [];
  if (typeof req.idempotencyKey !== 'string' || req.idempotencyKey.length === 0 || req.idempotencyKey.length > 200) {
    problems.push('idempotencyKey must be text of 1 to 200 characters');
  }
  if (typeof req.templateId !== 'string' || req.templateId.length === 0) problems.push('templateId is required');
  if (!isDeliverableAddress(req.to)) problems.push('to must be one valid email address');
  problems.push(...variableProblems(req.variables));
  problems.push(...custodianKitIdProblems(req.custodianKitIds));
  return problems;
}

export function variableProblems(variables: unknown): string[] {
  if (variables === undefined) return [];
  if (typeof variables !== 'object' || variables === null || Array.isArray(variables)) return ['variables must be an object'];
  const entries = Object.entries(variables);
  if (entries.length > EMAIL_TEMPLATE_LIMITS.variables) return [`at most ${EMAIL_TEMPLATE_LIMITS.variables} variables`];
  const problems: string[] = [];
  for (const [name, value] of entries) {
    const ok =
      value === null ||
      typeof value === 'number' ||
      typeof value === 'boolean' ||
      (typeof value === 'string' && value.length <= EMAIL_TEMPLATE_LIMITS.variableValue) ||
      (Array.isArray(value) && value.length <= MAX_LIST_ITEMS && value.every((v) => typeof v === 'string' && v.length <= 500));
    if (!ok)
      problems.push(
        `variable "${name}" must be text of at most ${EMAIL_TEMPLATE_LIMITS.variableValue} characters, a number, a yes/no or a list of short texts`,
      );
  }
  return problems;
}

export type ValidVariables = EmailVariables;
