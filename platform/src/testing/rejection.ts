import { RemoteCallError } from '../errors/service-error';

/** The coded error a NATS request was refused with; fails the test if it succeeded or failed otherwise. */
export async function rejection(request: Promise<unknown>): Promise<RemoteCallError> {
  try {
    await request;
  } catch (e) {
    if (e instanceof RemoteCallError) return e;
    throw e;
  }
  throw new Error('expected the request to be refused');
}
