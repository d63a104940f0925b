import { Injectable } from '@nestjs/common';
import {
  type BulkUpdateVerificationDatesRequest,
  type BulkUpdateVerificationDatesResponse,
  KitMessages,
  VerificationMessages,
  isCalendarDate,
  isKitDateInBounds,
} from '@bleedkits/contracts';
import { KitsSubjects } from '@bleedkits/contracts/wire';
import { ServiceError, Handles } from '@bleedkits/platform';
import { KitErrors } from '../../domain/kit.errors';
import { KitRepository } from '../../database/kit.repository';
import { KitChangedPublisher } from '../../events/kit-changed.publisher';

/**
 * The admin tool: every active kit is next due on one date. Each kit takes a revision of its own under the revision
 * lock, so the change feed carries every one of them to the verification context and the public map.
 */
@Injectable()
export class BulkUpdateVerificationDatesHandler {
  constructor(
    private readonly kits: KitRepository,
    private readonly changed: KitChangedPublisher,
  ) {}

  @Handles(KitsSubjects.bulkUpdateVerificationDates)
  async execute({ actor, dueDate }: BulkUpdateVerificationDatesRequest): Promise<BulkUpdateVerificationDatesResponse> {
    if (actor?.role !== 'admin') throw KitErrors.adminOnly();
    if (!isCalendarDate(dueDate)) throw ServiceError.validation([VerificationMessages.dueDateRequired]);
    if (!isKitDateInBounds(dueDate)) throw ServiceError.validation([KitMessages.dateOutOfRange]);
    const { result } = await this.kits.write(async (m) => {
      const rows = await m.query(
        `UPDATE kits.kits SET next_verification_due = $1, revision = nextval('kits.revision_seq'), updated_at = now()
          WHERE status = 'active' RETURNING revision::bigint AS revision`,
        [dueDate],
      );
      const revisions = (rows[0] as { revision: string }[]).map((r) => Number(r.revision));
      return { count: revisions.length, last: revisions.reduce((a, b) => Math.max(a, b), 0) };
    });
    if (result.count) this.changed.committed(result.last);
    return { updatedCount: result.count, message: `Updated the verification due date of ${result.count} kits to ${dueDate}` };
  }
}
