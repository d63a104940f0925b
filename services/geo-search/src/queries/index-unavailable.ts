import { errorReply } from '../domain/reply-frame';

export const INDEX_LOADING_MESSAGE = 'The kit finder is starting up. Please try again in a moment.';

/** Until the first complete read of the register is indexed, hot queries answer 503 rather than a partial map. */
export const indexLoadingReply = () => errorReply(503, INDEX_LOADING_MESSAGE);
