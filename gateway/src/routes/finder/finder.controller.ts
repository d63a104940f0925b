import { Controller, Get, Query } from '@nestjs/common';
import { ApiTags, ApiOperation } from '@nestjs/swagger';
import { type CoordinatesToWhat3words, ErrorCode, FinderMessages, type What3wordsToCoordinates } from '@bleedkits/contracts';
import { GeoSearchSubjects } from '@bleedkits/contracts/wire';
import { NatsBus } from '@bleedkits/platform';
import { GatewayError } from '../../errors/http-error.filter';
import { type Parsed, parseCoordinates } from '@bleedkits/contracts';

function valid<T>(parsed: Parsed<T>): T {
  if (!parsed.ok) throw new GatewayError({ code: ErrorCode.ValidationFailed, message: parsed.message });
  return parsed.value;
}

/**
 * The what3words calls of the finder. The three hot map calls (/public, /nearby, /search) are served by
 * finder-fast-path.ts ahead of the Nest pipeline, so they are never taken for GET /api/bleed-kits/:id.
 */
@ApiTags('finder')
@Controller()
export class FinderController {
  constructor(private readonly bus: NatsBus) {}

  @Get('api/what3words/convert-to-3wa')
  @ApiOperation({ summary: 'The what3words address of a point' })
  toWords(@Query() query: Record<string, unknown>): Promise<CoordinatesToWhat3words> {
    return this.bus.request(GeoSearchSubjects.coordinatesToWhat3words, valid(parseCoordinates(query)));
  }

  @Get('api/what3words/convert-to-coordinates')
  @ApiOperation({ summary: 'The point of a what3words address' })
  toCoordinates(@Query('words') words: unknown): Promise<What3wordsToCoordinates> {
    const text = typeof words === 'string' ? words.trim() : '';
    if (!text) throw new GatewayError({ code: ErrorCode.ValidationFailed, message: FinderMessages.emptyWhat3words });
    return this.bus.request(GeoSearchSubjects.what3wordsToCoordinates, { words: text });
  }
}
