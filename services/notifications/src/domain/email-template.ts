import Handlebars from 'handlebars';
import type { EmailTemplateVariable, EmailVariables } from '@bleedkits/contracts';
import { builtInTemplateValues, EMAIL_TEMPLATE_LIMITS } from '@bleedkits/contracts';

/**
 * Templates are Handlebars (a maintained engine, not string replacement). Rules enforced when an admin saves one
 * and again before every render:
 * - only the template's declared variables, the block helpers `if`, `unless` and `each`, and `this` / `@index`
 *   inside a block may appear; no partials, decorators or other helpers;
 * - the HTML part may not use `{{{x}}}` or `{{&x}}`: every variable is HTML-escaped there;
 * - the subject becomes one header line: CR, LF and tabs in a rendered subject are folded into spaces, so no
 *   variable can ever add a header.
 */
export type TemplateTexts = { subject: string; htmlTemplate: string; textTemplate: string };
export type TemplateDefinition = TemplateTexts & { id: string; variables: readonly EmailTemplateVariable[] };
export type RenderedEmail = { subject: string; html: string; text: string };

export const BLOCK_HELPERS = ['if', 'unless', 'each'] as const;
const hb = Handlebars.create();
const KNOWN_HELPERS = { if: true, unless: true, each: true, with: false, lookup: false, log: false, blockHelperMissing: false, helperMissing: false };

type Part = { key: keyof TemplateTexts; label: string; html: boolean };
const PARTS: readonly Part[] = [
  { key: 'subject', label: 'Subject', html: false },
  { key: 'htmlTemplate', label: 'HTML template', html: true },
  { key: 'textTemplate', label: 'Plain text template', html: false },
];

/** Every problem of the three parts, in the words an admin can act on; empty when the template is good. */
export function templateProblems(texts: TemplateTexts, variables: readonly EmailTemplateVariable[]): string[] {
  const declared = new Set(variables.map((v) => v.name));
  const problems: string[] = [];
  for (const part of PARTS) {
    const source = texts[part.key];
    let ast: hbs.AST.Program;
    try {
      ast = hb.parse(source);
    } catch (e) {
      problems.push(`${part.label} does not compile: ${firstLine(e)}`);
      continue;
    }
    const found = new Set<string>();
    walkProgram(ast, { declared, part, found, inBlock: 0 });
    problems.push(...found);
    if (found.size === 0) {
      try {
        compile(source, part.html)({});
      } catch (e) {
        problems.push(`${part.label} does not compile: ${firstLine(e)}`);
      }
    }
  }
  if (texts.subject.length > EMAIL_TEMPLATE_LIMITS.subject) problems.push(`Subject must be at most ${EMAIL_TEMPLATE_LIMITS.subject} characters`);
  return problems;
}

function firstLine(e: unknown): string {
  const text = e instanceof Error ? e.message : String(e);
  return text.replace(/\s+/g, ' ').trim().slice(0, 300);
}

type WalkState = { declared: ReadonlySet<string>; part: Part; found: Set<string>; inBlock: number };

function walkProgram(program: hbs.AST.Program | undefined, s: WalkState): void {
  for (const statement of program?.body ?? []) walkStatement(statement as hbs.AST.Node, s);
}

function walkStatement(node: hbs.AST.Node, s: WalkState): void {
  switch (node.type) {
    case 'ContentStatement':
    case 'CommentStatement':
      return;
    case 'MustacheStatement': {
      const m = node as hbs.AST.MustacheStatement;
      if (!m.escaped && s.part.html) {
        s.found.add(`${s.part.label}: ${describe(m.path)} with three braces or & would insert unescaped HTML; use {{${describe(m.path)}}}`);
      }
      if (m.params.length > 0 || m.hash?.pairs.length) {
        walkHelperCall(m.path, m.params, m.hash, s, false);
      } else {
        walkExpression(m.path as hbs.AST.Expression, s);
      }
      return;
    }
    case 'BlockStatement': {
      const b = node as hbs.AST.BlockStatement;
      walkHelperCall(b.path, b.params, b.hash, s, true);
      s.inBlock++;
      walkProgram(b.program, s);
      walkProgram(b.inverse, s);
      s.inBlock--;
      return;
    }
    default:
      s.found.add(`${s.part.label}: partials and decorators are not allowed`);
  }
}

function walkHelperCall(
  path: hbs.AST.PathExpression | hbs.AST.Literal,
  params: hbs.AST.Expression[],
  hash: hbs.AST.Hash | undefined,
  s: WalkState,
  block: boolean,
): void {
  const name = describe(path);
  if (!(BLOCK_HELPERS as readonly string[]).includes(name) || !block) {
    s.found.add(`${s.part.label}: unknown helper "${name}"; only {{#if}}, {{#unless}} and {{#each}} blocks are allowed`);
  }
  for (const p of params) walkExpression(p, s);
  for (const pair of hash?.pairs ?? []) walkExpression(pair.value, s);
}

function walkExpression(e: hbs.AST.Expression, s: WalkState): void {
  switch (e.type) {
    case 'PathExpression': {
      const p = e as hbs.AST.PathExpression;
      if (p.data) return; // @index, @first, @last inside {{#each}}
      if (p.parts.length === 0 || p.original === 'this' || p.original === '.') {
        if (s.inBlock === 0) s.found.add(`${s.part.label}: {{this}} is only meaningful inside {{#each}}`);
        return;
      }
      const head = p.parts[0];
      if (!s.declared.has(head) || p.parts.length > 1) {
        s.found.add(`${s.part.label}: unknown variable "${p.original}"; this template's variables are: ${[...s.declared].join(', ') || 'none'}`);
      }
      return;
    }
    case 'SubExpression': {
      const sub = e as hbs.AST.SubExpression;
      walkHelperCall(sub.path, sub.params, sub.hash, s, false);
      return;
    }
    default:
      return; // string, number, boolean, undefined and null literals
  }
}

function describe(path: hbs.AST.PathExpression | hbs.AST.Literal | hbs.AST.Expression): string {
  return (path as hbs.AST.PathExpression).original ?? String((path as unknown as { value?: unknown }).value ?? '');
}

function compile(source: string, html: boolean): HandlebarsTemplateDelegate {
  return hb.compile(source, { noEscape: !html, knownHelpers: KNOWN_HELPERS, knownHelpersOnly: true, strict: false });
}

/** Names the caller gave that the template does not declare (a sender's bug: refused rather than ignored). */
export function unknownVariables(variables: EmailVariables, declared: readonly EmailTemplateVariable[]): string[] {
  const names = new Set(declared.map((v) => v.name));
  return Object.keys(variables).filter((k) => !names.has(k));
}

/** One header line: CR, LF and tabs become spaces, runs of spaces one. */
export function headerLine(value: string): string {
  return value
    .replace(/[\r\n\t\v\f\u2028\u2029]+/g, ' ')
    .replace(/ {2,}/g, ' ')
    .trim();
}

/** Renders the three parts; variables the caller did not give render empty, `year` and `date` have defaults. */
export function renderTemplate(template: TemplateDefinition, variables: EmailVariables, now = new Date()): RenderedEmail {
  const problems = templateProblems(template, template.variables);
  if (problems.length) throw new Error(`template ${template.id} is invalid: ${problems.join('; ')}`);
  const data = { ...builtInTemplateValues(now), ...variables };
  return {
    subject: headerLine(compile(template.subject, false)(data)).slice(0, 998),
    html: compile(template.htmlTemplate, true)(data),
    text: compile(template.textTemplate, false)(data),
  };
}
