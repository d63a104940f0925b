import type { OpenAPIObject } from '@nestjs/swagger';
import { FEED_PUSH_BATCH_RECORDS, FEED_PUSH_EVENT_RECORDS, FEED_PUSH_EVENT_TEST, type FeedPushBody, FeedPushHeaders } from '@bleedkits/contracts';
import { OPERATION_EXAMPLES } from './examples';

/** The webhook's name in the description: the event type a batch carries. */
export const FEED_PUSH_WEBHOOK = FEED_PUSH_EVENT_RECORDS;

/** One push batch as docs/ambulance-feed.md shows it: the records the pull feed answers after afterCursor. */
export const FEED_PUSH_BATCH_EXAMPLE = {
  type: FEED_PUSH_EVENT_RECORDS,
  afterCursor: '90812',
  nextCursor: '90850',
  records: (OPERATION_EXAMPLES.AmbulanceFeedController_kits.answers?.['200'] as { records: FeedPushBody['records'] }).records,
} satisfies FeedPushBody;

/**
 * What the register POSTs to a feed client's webhook URL (OpenAPI 3.1 `webhooks`): the receiver builds against the
 * same description as the pull feed. The records are the pull feed's own schemas, so the two cannot describe a
 * record differently.
 */
export function describeFeedPushWebhook(document: OpenAPIObject): OpenAPIObject {
  const header = (name: string, description: string) => ({ name, in: 'header' as const, required: true, description, schema: { type: 'string' } });
  document.webhooks = {
    [FEED_PUSH_WEBHOOK]: {
      post: {
        tags: ['ambulance-feed'],
        operationId: 'FeedPushWebhook_batch',
        summary: 'A push batch to a feed client: the changes after afterCursor in feed order, signed (Standard Webhooks), at least once and in order',
        description:
          `Up to ${FEED_PUSH_BATCH_RECORDS} records, exactly what GET /api/ambulance-feed/v1/kits?after=<afterCursor> answers up to nextCursor. ` +
          `A test event ('${FEED_PUSH_EVENT_TEST}') carries no records and the delivered cursor as both cursors. Every attempt of one batch ` +
          'carries the same webhook-id and body: answer 2xx once it is stored, and 2xx again without applying an id already taken.',
        // Not a call to the register: the receiver checks webhook-signature with the secret instead.
        security: [],
        parameters: [
          header(FeedPushHeaders.id, "the batch's idempotency key, the same for every attempt"),
          header(FeedPushHeaders.timestamp, 'unix seconds of this attempt'),
          header(
            FeedPushHeaders.signature,
            'v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>">, space-separated while two secrets sign',
          ),
          header(FeedPushHeaders.cursor, "the batch's nextCursor, for a receiver that routes before it parses"),
        ],
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                type: 'object',
                properties: {
                  type: { type: 'string', enum: [FEED_PUSH_EVENT_RECORDS, FEED_PUSH_EVENT_TEST] },
                  afterCursor: { type: 'string', description: 'the nextCursor of the batch before' },
                  nextCursor: { type: 'string', description: 'pull after= this to continue from this batch' },
                  records: {
                    type: 'array',
                    maxItems: FEED_PUSH_BATCH_RECORDS,
                    items: { oneOf: [{ $ref: '#/components/schemas/ControlRoomKitModel' }, { $ref: '#/components/schemas/FeedWithdrawalModel' }] },
                  },
                },
                required: ['type', 'afterCursor', 'nextCursor', 'records'],
              },
              example: FEED_PUSH_BATCH_EXAMPLE,
            },
          },
        },
        responses: {
          '2XX': { description: 'taken: the next batch follows' },
          default: { description: 'any other status, a redirect or no answer within 10 s: retried with backoff, holding later batches' },
        },
      },
    },
  };
  return document;
}
