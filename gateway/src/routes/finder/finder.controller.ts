import { Controller, Get, Query, Req, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { type CoordinatesToWhat3words, ErrorCode, FinderMessages, GeoSearchSubjects, type What3wordsToCoordinates } from '@bleedkits/contracts';
import { NatsBus } from '@bleedkits/platform';
import { GatewayError } from '../../errors/http-error.filter';
import { type Parsed, parseCoordinates, parseNearbyQuery, parseSearchQuery, parseViewportQuery } from '@bleedkits/contracts';
import { readReplyFrame, writeRelayedReply } from './reply-relay';

function valid<T>(parsed: Parsed<T>): T {
  if (!parsed.ok) throw new GatewayError({ code: ErrorCode.ValidationFailed, message: parsed.message });
  return parsed.value;
}

/**
 * The public finder. The three map calls are hot: each is one raw request to geo-search whose reply bytes go to
 * the browser untouched (no JSON parse). Registered before KitsController so /public, /nearby and /search are
 * not taken for GET /api/bleed-kits/:id.
 */
@ApiTags('finder')
@Controller()
export class FinderController {
  constructor(private readonly bus: NatsBus) {}

  @Get('api/bleed-kits/public')
  async viewport(@Query() query: Record<string, unknown>, @Req() req: Request, @Res() res: Response): Promise<void> {
    await this.relay(GeoSearchSubjects.viewport, valid(parseViewportQuery(query)), req, res);
  }

  @Get('api/bleed-kits/nearby')
  async nearby(@Query() query: Record<string, unknown>, @Req() req: Request, @Res() res: Response): Promise<void> {
    await this.relay(GeoSearchSubjects.nearby, valid(parseNearbyQuery(query)), req, res);
  }

  /** A list of kits near the place (nearest first); the place's {lat, lng, label, source} is in X-Search-Place. */
  @Get('api/bleed-kits/search')
  async search(@Query() query: Record<string, unknown>, @Req() req: Request, @Res() res: Response): Promise<void> {
    await this.relay(GeoSearchSubjects.search, valid(parseSearchQuery(query)), req, res);
  }

  @Get('api/what3words/convert-to-3wa')
  toWords(@Query() query: Record<string, unknown>): Promise<CoordinatesToWhat3words> {
    return this.bus.request<CoordinatesToWhat3words>(GeoSearchSubjects.coordinatesToWhat3words, valid(parseCoordinates(query)));
  }

  @Get('api/what3words/convert-to-coordinates')
  toCoordinates(@Query('words') words: unknown): Promise<What3wordsToCoordinates> {
    const text = typeof words === 'string' ? words.trim() : '';
    if (!text) throw new GatewayError({ code: ErrorCode.ValidationFailed, message: FinderMessages.emptyWhat3words });
    return this.bus.request<What3wordsToCoordinates>(GeoSearchSubjects.what3wordsToCoordinates, { words: text });
  }

  private async relay(subject: string, params: unknown, req: Request, res: Response): Promise<void> {
    // Bus failures (timeout, no geo-search) throw RemoteCallError, which the global filter maps to 503/504.
    const bytes = await this.bus.requestRaw(subject, Buffer.from(JSON.stringify(params)));
    await writeRelayedReply(req, res, readReplyFrame(bytes));
  }
}
