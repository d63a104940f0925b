import { Injectable } from '@nestjs/common';
import {
  ACCESS_LOG_MAX_PAGE_SIZE,
  ACCESS_LOG_PAGE_SIZE,
  type FeedAccessLogRequest,
  type FeedAccessLogResponse,
  type Actor,
  assertAdmin,
  AmbulanceFeedSubjects,
} from '@bleedkits/contracts';
import { AmbulanceFeedRepository } from '../../database/ambulance-feed.repository';
import { Handles } from '@bleedkits/platform';

export type FeedAccessLogPageRequest = FeedAccessLogRequest & { actor: Actor };

/** Every feed answer that carried cabinet codes, newest first, one page at a time: admins only. */
@Injectable()
export class FeedAccessLogHandler {
  constructor(private readonly repo: AmbulanceFeedRepository) {}

  @Handles(AmbulanceFeedSubjects.accessLog)
  async execute(req: FeedAccessLogPageRequest): Promise<FeedAccessLogResponse> {
    assertAdmin(req?.actor);
    const pageSize = Math.min(ACCESS_LOG_MAX_PAGE_SIZE, Math.max(1, Math.floor(Number(req.pageSize)) || ACCESS_LOG_PAGE_SIZE));
    const page = Math.max(1, Math.floor(Number(req.page)) || 1);
    const { total, entries } = await this.repo.accessLogPage(page, pageSize);
    return { data: entries, pagination: { total, page, pageSize, pageCount: Math.max(1, Math.ceil(total / pageSize)) } };
  }
}
