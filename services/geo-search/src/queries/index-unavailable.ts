import { CodedError, ErrorCode } from '@bleedkits/contracts';

export const INDEX_LOADING_MESSAGE = 'The kit finder is starting up. Please try again in a moment.';

/**
 * Until the first complete read of the register is indexed the replica is not in its queue group, so no query reaches
 * it; one asked directly answers 'service unavailable' rather than a partial map.
 */
export const indexLoading = () => new CodedError({ code: ErrorCode.ServiceUnavailable, message: INDEX_LOADING_MESSAGE, retryAfterSeconds: 1 });
