import { Controller, Get, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  AUDIT_PAGE_LIMIT,
  type AuditAction,
  type AuditCursor,
  type AuditEntry,
  type AuditPage,
  type AuditPageResponse,
  type AuditTargetType,
  CodedError,
  type CurrentUser as CurrentUserType,
  auditNewerFirst,
} from '@bleedkits/contracts';
import { BackupsSubjects, IdentitySubjects, KitsSubjects, NotificationsSubjects } from '@bleedkits/contracts/wire';
import { NatsBus } from '@bleedkits/platform';
import { GatewayError } from '../../../errors/http-error.filter';
import { CurrentUser } from '../../../security/guards';
import { actorOf } from '../../../security/actor';

/** The query of GET /api/admin/audit: every filter optional, `cursor` as answered by the page before. */
export type AuditQuery = {
  actorEmail?: string;
  action?: string;
  targetType?: string;
  targetId?: string;
  from?: string;
  to?: string;
  cursor?: string;
  limit?: string;
};

const refuse = (problem: string) => new GatewayError(CodedError.validation([problem]).body);

export function encodeAuditCursor(cursor: AuditCursor): string {
  return Buffer.from(JSON.stringify([cursor.at, cursor.id])).toString('base64url');
}

export function decodeAuditCursor(text: string): AuditCursor {
  try {
    const [at, id] = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as unknown[];
    if (typeof at === 'string' && typeof id === 'string') return { at, id };
  } catch {
    // answered below, as any other cursor that is not ours
  }
  throw refuse('cursor must be the one the page before answered');
}

/**
 * Each context keeps the audit trail of its own actions (docs/decisions.md). One cursor, the (at, id) of the last
 * entry shown, serves every context because all share one order (newest first, ties by id): each answers its page
 * after it, and the merged page is the newest `limit` of their answers. A context whose page ended early (cut by
 * size) may hold entries older than its last one but newer than other contexts' entries, so the merged page ends
 * where the newest of those early ends is; the next page asks from there.
 */
export function mergeAuditPages(pages: AuditPage[], limit: number): { items: AuditEntry[]; next: AuditCursor | null } {
  const ends = pages.filter((p) => p.next !== null && p.items.length > 0).map((p) => p.items[p.items.length - 1]);
  const end = ends.sort(auditNewerFirst)[0];
  const all = pages
    .flatMap((p) => p.items)
    .sort(auditNewerFirst)
    .filter((e) => !end || auditNewerFirst(e, end) <= 0);
  const items = all.slice(0, limit);
  const more = all.length > limit || pages.some((p) => p.next !== null);
  const last = items[items.length - 1];
  return { items, next: more && last ? { at: last.at, id: last.id } : null };
}

/**
 * GET /api/admin/audit (admin only by path): who did what to what, from every context that keeps a trail, merged
 * into one page. A kit's History asks the same with targetType=kit and its id.
 */
@ApiTags('audit')
@Controller('api/admin')
export class AuditController {
  constructor(private readonly bus: NatsBus) {}

  @Get('audit')
  @ApiOperation({ summary: 'The audit trail: admin actions with actor, target and before / after, newest first, paged and filtered' })
  async page(@CurrentUser() me: CurrentUserType, @Query() query: AuditQuery): Promise<AuditPageResponse> {
    const limit = query.limit === undefined || query.limit === '' ? AUDIT_PAGE_LIMIT : Number(query.limit);
    if (!Number.isInteger(limit)) throw refuse('limit must be a whole number');
    const request = {
      actor: actorOf(me),
      actorEmail: query.actorEmail || undefined,
      action: (query.action || undefined) as AuditAction | undefined,
      targetType: (query.targetType || undefined) as AuditTargetType | undefined,
      targetId: query.targetId || undefined,
      from: query.from || undefined,
      to: query.to || undefined,
      after: query.cursor ? decodeAuditCursor(query.cursor) : null,
      limit,
    };
    // Each context checks the filters with the same rule (platform/src/audit), so a bad one is a 400 in words.
    const pages = await Promise.all([
      this.bus.request(KitsSubjects.auditPage, request),
      this.bus.request(IdentitySubjects.auditPage, request),
      this.bus.request(NotificationsSubjects.auditPage, request),
      this.bus.request(BackupsSubjects.auditPage, request),
    ]);
    const merged = mergeAuditPages(pages, limit);
    return { items: merged.items, next: merged.next ? encodeAuditCursor(merged.next) : null };
  }
}
