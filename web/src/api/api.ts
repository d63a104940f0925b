import { createApi, fetchBaseQuery, type BaseQueryFn, type FetchArgs } from '@reduxjs/toolkit/query/react';
import type { ApiErrorBody } from '@bleedkits/contracts';
import { TAG_TYPES } from './cache-tags';

/**
 * How a failed call reaches components. It is Error-shaped (name, message) but a plain object, because RTK Query
 * keeps errors in the store and the store holds only serialisable values.
 * - message: '<status>: <body text>' (or the status text when the body is empty), as spec §8 requires.
 * - serverMessage: the `message` of the server's JSON error body, for toasts that show 'the server message'.
 */
export type ApiError = {
  name: 'ApiError';
  status: number | 'FETCH_ERROR' | 'TIMEOUT_ERROR' | 'PARSING_ERROR' | 'CUSTOM_ERROR';
  message: string;
  body: string;
  serverMessage?: string;
  errors?: string[];
};

/** Same origin in the browser; an absolute origin so a Request can be built under jsdom too. */
const baseUrl = typeof window === 'undefined' ? '' : window.location.origin;

const rawBaseQuery = fetchBaseQuery({
  baseUrl,
  credentials: 'include',
  // Keep the exact body text: errors quote it, and success bodies are parsed below by content type.
  responseHandler: 'text',
  prepareHeaders: (headers) => {
    headers.set('Accept', 'application/json');
    return headers;
  },
});

function parseBody(text: string, contentType: string | null): unknown {
  if (text === '') return null;
  if (contentType?.includes('json')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

function serverFields(parsed: unknown): Pick<ApiError, 'serverMessage' | 'errors'> {
  if (typeof parsed !== 'object' || parsed === null) return {};
  const body = parsed as Partial<ApiErrorBody>;
  return {
    serverMessage: typeof body.message === 'string' && body.message.trim() !== '' ? body.message : undefined,
    errors: Array.isArray(body.errors) ? body.errors.filter((e): e is string => typeof e === 'string') : undefined,
  };
}

export const baseQuery: BaseQueryFn<string | FetchArgs, unknown, ApiError> = async (args, api, extraOptions) => {
  const result = await rawBaseQuery(args, api, extraOptions);
  const response = result.meta?.response;
  const contentType = response?.headers.get('content-type') ?? null;
  if (!result.error) {
    return { data: parseBody(typeof result.data === 'string' ? result.data : '', contentType), meta: result.meta };
  }
  const error = result.error;
  if (typeof error.status === 'number') {
    const body = typeof error.data === 'string' ? error.data : '';
    const shown = body !== '' ? body : (response?.statusText ?? '');
    return {
      error: {
        name: 'ApiError',
        status: error.status,
        message: `${error.status}: ${shown}`,
        body,
        ...serverFields(parseBody(body, contentType)),
      },
      meta: result.meta,
    };
  }
  const detail = 'error' in error ? String(error.error) : 'Request failed';
  return { error: { name: 'ApiError', status: error.status, message: detail, body: '' }, meta: result.meta };
};

export function isApiError(value: unknown): value is ApiError {
  return typeof value === 'object' && value !== null && (value as { name?: unknown }).name === 'ApiError';
}

/** The server's own message when it sent one, else the given fallback (spec: 'server message or ...'). */
export function serverMessageOr(error: unknown, fallback: string): string {
  return isApiError(error) && error.serverMessage ? error.serverMessage : fallback;
}

/**
 * The one RTK Query slice; features inject their endpoints. The spec's read policy: no refetch on focus or
 * reconnect, data never goes stale, no retries (fetchBaseQuery does not retry unless wrapped in `retry`). The cache
 * tags, and the lists kit writes invalidate, live in ./cache-tags.
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: TAG_TYPES,
  keepUnusedDataFor: Infinity,
  refetchOnFocus: false,
  refetchOnReconnect: false,
  refetchOnMountOrArgChange: false,
  endpoints: () => ({}),
});
