import { Body, Controller, Get, HttpCode, Inject, Param, Post, Query, Req, Res } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiExtraModels,
  ApiHeader,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiResponse,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
  getSchemaPath,
} from '@nestjs/swagger';
import type { HeaderObject } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { createHash, randomUUID } from 'node:crypto';
import {
  AmbulanceFeedSubjects,
  type CodeDisclosedResponse,
  ErrorCode,
  FEED_CONTENT_TYPES,
  type FeedFormat,
  FeedMessages,
  type FeedOpenResponse,
  type FeedPageRange,
  type FeedRecord,
  feedCsv,
  feedGeoJson,
  parseFeedCursor,
  parseFeedLimit,
  scopeCarriesCabinetCodes,
} from '@bleedkits/contracts';
import { CodeDisclosedDto, FeedQueryDto } from '@bleedkits/contracts/dto';
import { NatsBus } from '@bleedkits/platform';
import { GATEWAY_ENV, type GatewayEnv } from '../../config/env';
import { GatewayError } from '../../errors/http-error.filter';
import { RateLimiter } from '../../security/rate-limiter';
import { pagesOf } from '../../paging/wire-pages';
import { readFeedPart } from './feed-parts';
import { readAheadInOrder, streamJsonPage } from './feed-page-stream';
import { CodeDisclosedModel, ControlRoomKitModel, FEED_SECURITY_SCHEME, FeedPageModel, FeedWithdrawalModel } from './feed-openapi.models';

/** Parts of one page read at the same time (each is one NATS request, answered by any kits replica). */
export const FEED_PARTS_IN_FLIGHT = 3;
const BEARER = /^Bearer\s+([A-Za-z0-9_-]{16,200})\s*$/;

const PAGING_HEADERS: Record<'ETag' | 'X-Next-Cursor' | 'X-Has-More', HeaderObject> = {
  ETag: { description: 'the state of this page; send it back as If-None-Match', schema: { type: 'string' } },
  'X-Next-Cursor': { description: 'the same as nextCursor (the only place it is for format=csv)', schema: { type: 'string' } },
  'X-Has-More': { description: 'the same as hasMore', schema: { type: 'string', enum: ['true', 'false'] } },
};

/**
 * The ambulance-service pull feed, machine to machine: no session, a key per feed client (Authorization: Bearer).
 * The gateway checks nothing about a key itself but its shape: it sends the key's SHA-256 to kits, which knows
 * the clients, and assembles each page from bounded parts.
 */
@ApiTags('ambulance-feed')
@ApiBearerAuth(FEED_SECURITY_SCHEME)
@ApiExtraModels(ControlRoomKitModel, FeedWithdrawalModel, FeedPageModel)
@ApiUnauthorizedResponse({ description: 'no key, an unknown key or a revoked key (the answer does not say which)' })
@ApiTooManyRequestsResponse({ description: 'over AMBULANCE_FEED_MAX_REQUESTS_PER_MINUTE for this key; see Retry-After' })
@Controller('api/ambulance-feed/v1')
export class AmbulanceFeedController {
  constructor(
    private readonly bus: NatsBus,
    private readonly limiter: RateLimiter,
    @Inject(GATEWAY_ENV) private readonly env: GatewayEnv,
  ) {}

  @Get('kits')
  @ApiOperation({
    summary: "The changes to this key's kits after a cursor, in revision order",
    description:
      'Start with no `after` (or 0), apply the records in order (a kit: insert or replace by id; a withdrawal: remove by id), store nextCursor, ' +
      'and ask again with after=<nextCursor> (at once while hasMore, else on your polling interval). An ambulance-service key gets that ' +
      "service's active kits, including those hidden from the public map, with cabinet codes; a 'responder_app' key gets every active public " +
      'kit nationwide without codes. Send the last ETag as If-None-Match: 304 means nothing changed. Every answer carrying cabinet codes is ' +
      'written to an access log (client, time, kits returned, client address).',
  })
  @ApiHeader({ name: 'If-None-Match', required: false, description: 'the ETag of the previous answer to the same request' })
  @ApiOkResponse({
    description:
      'json: the page below. csv: the same columns as the record, formula-neutralised, a withdrawal is a row with withdrawn=yes (no cabinetCode ' +
      "column for 'responder_app'). geojson: a FeatureCollection of Points (a withdrawal has a null geometry) with nextCursor and hasMore as members.",
    headers: PAGING_HEADERS,
    content: {
      [FEED_CONTENT_TYPES.json]: { schema: { $ref: getSchemaPath(FeedPageModel) } },
      [FEED_CONTENT_TYPES.csv]: { schema: { type: 'string' } },
      [FEED_CONTENT_TYPES.geojson]: { schema: { $ref: '#/components/schemas/FeedGeoJson' } },
    },
  })
  @ApiResponse({ status: 304, description: 'nothing changed since the ETag given in If-None-Match', headers: { ETag: PAGING_HEADERS.ETag } })
  @ApiBadRequestResponse({ description: 'a bad cursor, limit or format' })
  async kits(@Req() req: Request, @Res() res: Response, @Query() query: FeedQueryDto): Promise<void> {
    const after = parseFeedCursor(query.after);
    const limit = parseFeedLimit(query.limit);
    const format = (query.format ?? 'json') as FeedFormat;
    if (after === null || limit === null) {
      const errors = [...(after === null ? [FeedMessages.cursor] : []), ...(limit === null ? [FeedMessages.limit] : [])];
      throw new GatewayError({ code: ErrorCode.ValidationFailed, message: errors.join(' '), errors });
    }
    const keyHash = await this.admit(req);

    const open = await this.bus.request(AmbulanceFeedSubjects.open, { keyHash, afterRevision: after, limit });
    const etag = `"${createHash('sha1').update(`${open.clientId}|${open.scope}|${after}|${limit}|${format}|${open.headRevision}`).digest('base64url')}"`;
    res.setHeader('ETag', etag);
    // Cabinet codes: no cache may keep a page; a client still revalidates with the ETag it remembers itself.
    res.setHeader('Cache-Control', 'no-store');
    if (matches(req.get('if-none-match'), etag)) {
      res.status(304).end();
      return;
    }

    const nextCursor = String(open.ranges.at(-1)?.upToRevision ?? after);
    const ranges = this.readRanges(keyHash, clientAddress(req), open);
    res.setHeader('X-Next-Cursor', nextCursor);
    res.setHeader('X-Has-More', String(open.hasMore));
    if (format === 'json') {
      await streamJsonPage(res, ranges, `],"nextCursor":${JSON.stringify(nextCursor)},"hasMore":${open.hasMore}}`);
      return;
    }
    const chunks: string[] = [];
    for await (const range of ranges) for (const part of range) if (part.byteLength) chunks.push(Buffer.from(part).toString('utf8'));
    const records = JSON.parse(`[${chunks.join(',')}]`) as FeedRecord[];
    res.status(200).type(FEED_CONTENT_TYPES[format]);
    if (format === 'csv') res.send(feedCsv(records, scopeCarriesCabinetCodes(open.scope)));
    else res.send(JSON.stringify(feedGeoJson({ records, nextCursor, hasMore: open.hasMore })));
  }

  @Post('kits/:id/code-disclosed')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Report that your control room gave out this kit’s cabinet code',
    description:
      'The kit becomes Deployed (with a note naming your feed client) on the register and the public map, and its custodian is e-mailed to ' +
      'restock it and mark it available. Only a key of the kit’s own ambulance service may report it.',
  })
  @ApiParam({ name: 'id', description: 'the kit id or its BCK- reference', example: 'BCK-4182' })
  @ApiOkResponse({ type: CodeDisclosedModel })
  @ApiNotFoundResponse({ description: "no such active kit in this key's ambulance service" })
  @ApiResponse({ status: 403, description: "a 'responder_app' key (it carries no codes)" })
  async codeDisclosed(@Req() req: Request, @Param('id') id: string, @Body() dto: CodeDisclosedDto): Promise<CodeDisclosedResponse> {
    const keyHash = await this.admit(req);
    return this.bus.request(AmbulanceFeedSubjects.codeDisclosed, {
      keyHash,
      kitId: id,
      note: dto.note ?? null,
      clientAddress: clientAddress(req),
    });
  }

  /** The key's hash, once the key is well formed and within its rate limit (counted in Redis across replicas). */
  private async admit(req: Request): Promise<string> {
    const key = BEARER.exec(req.get('authorization') ?? '')?.[1];
    if (!key) throw new GatewayError({ code: ErrorCode.Unauthenticated, message: FeedMessages.unauthorised });
    const keyHash = createHash('sha256').update(key, 'utf8').digest('hex');
    const d = await this.limiter.hit(`rl:feed:${keyHash.slice(0, 32)}`, this.env.AMBULANCE_FEED_MAX_REQUESTS_PER_MINUTE, 60);
    if (!d.allowed)
      throw new GatewayError({ code: ErrorCode.RateLimited, message: FeedMessages.rateLimited, retryAfterSeconds: d.retryAfterSeconds });
    return keyHash;
  }

  /**
   * Up to `limit` records after the cursor, no further than the scope's head when the read began (so the ETag
   * describes the page): the page's ranges (cut by the kits context when it opened the read) read
   * FEED_PARTS_IN_FLIGHT at a time, so the kits replicas, Postgres and the gateway work at once, and handed on in
   * revision order as each is complete. A range the byte budget cut short is read on from where its part ended. All
   * parts carry one request id: the access log holds one row per answer.
   */
  private readRanges(keyHash: string, address: string, open: FeedOpenResponse): AsyncGenerator<Uint8Array[]> {
    const requestId = randomUUID();
    const readRange = async (range: FeedPageRange): Promise<Uint8Array[]> => {
      const chunks: Uint8Array[] = [];
      const parts = pagesOf(
        (after: number | null) =>
          readFeedPart(this.bus, {
            keyHash,
            requestId,
            clientAddress: address,
            afterRevision: after ?? range.afterRevision,
            upToRevision: range.upToRevision,
            limit: range.records,
          }),
        (part) => (part.exhausted || part.count === 0 || part.lastRevision >= range.upToRevision ? null : part.lastRevision),
        AmbulanceFeedSubjects.part,
      );
      for await (const part of parts) chunks.push(part.records);
      return chunks;
    };
    return readAheadInOrder(open.ranges, readRange, FEED_PARTS_IN_FLIGHT);
  }
}

function clientAddress(req: Request): string {
  return req.ip ?? req.socket.remoteAddress ?? 'unknown';
}

/** If-None-Match may list several tags, weak or strong; `*` matches any. */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((t) => {
    const tag = t.trim().replace(/^W\//, '');
    return tag === '*' || tag === etag;
  });
}
