/**
 * A route table for the global fetch, answering real Response objects, so tests drive the real store, RTK Query
 * slice and base query. Unmatched calls fail the test loudly.
 */
export type Handler = (request: Request) => Response | Promise<Response>;
export type Routes = Record<string, Handler | Response>;

export type FetchMock = jest.Mock<Promise<Response>, [RequestInfo | URL, RequestInit?]> & {
  /** The requests made, as 'METHOD /path'. */
  calls(): string[];
  /** The parsed JSON bodies sent to 'METHOD /path'. */
  bodies(key: string): Promise<unknown[]>;
};

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
}

export function mockFetch(routes: Routes): FetchMock {
  const seen: Request[] = [];
  const fn = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    seen.push(request.clone());
    const key = `${request.method} ${new URL(request.url).pathname}`;
    const route = routes[key];
    if (!route) throw new Error(`Unexpected fetch: ${key}`);
    return route instanceof Response ? route.clone() : route(request);
  }) as FetchMock;
  fn.calls = () => seen.map((r) => `${r.method} ${new URL(r.url).pathname}`);
  fn.bodies = (key) =>
    Promise.all(seen.filter((r) => `${r.method} ${new URL(r.url).pathname}` === key).map((r) => r.clone().json() as Promise<unknown>));
  global.fetch = fn;
  return fn;
}

export const signedOut = (): Response => json({ message: 'Not signed in' }, 401);

export const aUser = (overrides: Partial<{ id: string; email: string; firstName: string; lastName: string; role: 'admin' | 'user' }> = {}) => ({
  id: 'u-1',
  email: 'jo@example.org',
  firstName: 'Jo',
  lastName: 'Bloggs',
  role: 'user' as const,
  emailVerified: true,
  ...overrides,
});
