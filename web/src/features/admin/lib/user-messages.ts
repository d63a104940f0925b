import { serverMessageOr } from '@/api/api';

/** User management failures: 'Error' with the server's words when it sent any, else the spec's fallback pair. */
export function userActionFailure(error: unknown, title: string, description: string): { title: string; description: string } {
  const server = serverMessageOr(error, '');
  return server ? { title: 'Error', description: server } : { title, description };
}
