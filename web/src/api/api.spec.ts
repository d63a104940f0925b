import { makeStore } from '@/app/store';
import { api, type ApiError } from './api';
import { json, mockFetch } from '@/test/fetch-mock';

// A throwaway endpoint on the real slice, to observe what the base query does with replies.
const probe = api.injectEndpoints({
  endpoints: (build) => ({ probe: build.query<unknown, void>({ query: () => '/api/probe' }) }),
});

async function call() {
  const store = makeStore();
  return store.dispatch(probe.endpoints.probe.initiate());
}

describe('base query', () => {
  it('sends credentials and parses a JSON reply', async () => {
    const fetchMock = mockFetch({ 'GET /api/probe': () => json({ ok: true }) });
    const result = await call();
    expect(result.data).toEqual({ ok: true });
    const request = fetchMock.mock.calls[0][0] as Request;
    expect(request.credentials).toBe('include');
  });

  it('turns a non-OK reply into "<status>: <body text>" and keeps the server message', async () => {
    mockFetch({ 'GET /api/probe': () => json({ message: 'Kit not found', errors: ['id'] }, 404) });
    const error = (await call()).error as ApiError;
    expect(error.message).toBe('404: {"message":"Kit not found","errors":["id"]}');
    expect(error.serverMessage).toBe('Kit not found');
    expect(error.errors).toEqual(['id']);
  });

  it('uses the status text when the body is empty', async () => {
    mockFetch({ 'GET /api/probe': () => new Response('', { status: 503, statusText: 'Service Unavailable' }) });
    const error = (await call()).error as ApiError;
    expect(error.message).toBe('503: Service Unavailable');
    expect(error.serverMessage).toBeUndefined();
  });

  it('answers null for a 204 and text for a non-JSON reply', async () => {
    mockFetch({ 'GET /api/probe': () => new Response(null, { status: 204 }) });
    expect((await call()).data).toBeNull();
    mockFetch({ 'GET /api/probe': () => new Response('plain key', { headers: { 'Content-Type': 'text/plain' } }) });
    expect((await call()).data).toBe('plain key');
  });

  it('does not retry a failed call', async () => {
    const fetchMock = mockFetch({ 'GET /api/probe': () => new Response('boom', { status: 500 }) });
    await call();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
