import { type TApiError, TRANSPORT_MESSAGES } from '@academy/contract';

export const API_PREFIX = '/services/core/api';
/** Requests that take longer fail with the SPEC's timeout message. Uploads pass their own signal. */
const TIMEOUT_MS = 30_000;

/** An error answered by the API, with its SPEC message and per-field messages. */
export class ApiError extends Error {
  readonly status: number;
  readonly fieldErrors: { field: string; message: string }[];

  constructor(body: TApiError) {
    super(body.message);
    this.status = body.status;
    this.fieldErrors = body.fieldErrors ?? [];
  }
}

type QueryValue = string | number | boolean | null | undefined;
export type Query = Record<string, QueryValue | QueryValue[]>;

let tokenSource: () => Promise<string | null> = async () => null;
let onUnauthorized: () => void = () => {};
let send: (url: string, init: RequestInit) => Promise<Response> = (url, init) => fetch(url, init);

/** The auth provider plugs in how to read the access token and what to do on a 401. */
export function configureApiAuth(source: typeof tokenSource, unauthorized: () => void): void {
  tokenSource = source;
  onUnauthorized = unauthorized;
}

/**
 * How requests reach the API: the browser's fetch, or on the server the request's own call into
 * the API (render.tsx, decision 195).
 */
export function configureApiTransport(transport: typeof send): void {
  send = transport;
}

/** The current access token, for clients that make their own requests (tus video uploads). */
export function accessToken(): Promise<string | null> {
  return tokenSource();
}

export function apiUrl(path: string, query?: Query): string {
  // Only the path and query are kept: any base parses them (there is no window on the server).
  const url = new URL(`${API_PREFIX}/${path.replace(/^\//, '')}`, 'http://academy.invalid');
  for (const [key, value] of Object.entries(query ?? {})) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item !== undefined && item !== null && item !== '') url.searchParams.append(key, String(item));
    }
  }
  return url.pathname + url.search;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Query;
  /** A plain object is sent as JSON; FormData as multipart. */
  body?: unknown;
  signal?: AbortSignal;
}

/** Fetches with the bearer token; parses JSON errors into ApiError. Works for any path under the API. */
export async function apiFetch(path: string, options: RequestOptions = {}): Promise<Response> {
  const headers = new Headers({ accept: 'application/json' });
  let token: string | null;
  try {
    token = await tokenSource();
  } catch {
    // The token could not be renewed for want of a network: the request fails, the user stays.
    throw new ApiError({ status: 0, error: 'Network', message: TRANSPORT_MESSAGES.networkError });
  }
  if (token) headers.set('authorization', `Bearer ${token}`);
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers.set('content-type', 'application/json');
    body = JSON.stringify(options.body);
  }
  const url = path.startsWith('/') && !path.startsWith(API_PREFIX) ? path : apiUrl(path, options.query);
  const signal = options.signal ?? AbortSignal.timeout(TIMEOUT_MS);
  let response: Response;
  try {
    response = await send(url, { method: options.method ?? 'GET', headers, body, signal });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
    throw new ApiError({
      status: 0,
      error: 'Network',
      message: timedOut ? TRANSPORT_MESSAGES.timeout : TRANSPORT_MESSAGES.networkError,
    });
  }
  if (response.ok) return response;
  if (response.status === 401 && token) onUnauthorized();
  throw await toApiError(response);
}

/** The SPEC's generic wording for a failed status. */
function genericMessage(status: number): string {
  if (status === 502 || status === 503 || status === 504) return TRANSPORT_MESSAGES.unavailable;
  if (status >= 500) return TRANSPORT_MESSAGES.systemError;
  return `Request failed with status code ${status}`;
}

const SERVER_FAILURE_MESSAGES: readonly string[] = [
  TRANSPORT_MESSAGES.storageUnavailable,
  TRANSPORT_MESSAGES.storageFull,
];

/**
 * The API's own message for client errors; a 5xx never shows internals, whatever the body says:
 * only the storage messages pass, the rest get the SPEC's generic wording.
 */
async function toApiError(response: Response): Promise<ApiError> {
  const fallback = {
    status: response.status,
    error: response.statusText,
    message: genericMessage(response.status),
  };
  try {
    const body = (await response.json()) as Partial<TApiError>;
    if (response.status >= 500) {
      // Storage outages and a full disk say what happened to the user's file; nothing else does.
      const told = SERVER_FAILURE_MESSAGES.find((message) => message === body.message);
      return new ApiError({ ...fallback, message: told ?? fallback.message });
    }
    return new ApiError({
      ...fallback,
      message: body.message ?? fallback.message,
      fieldErrors: body.fieldErrors,
    });
  } catch {
    return new ApiError(fallback);
  }
}

export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const response = await apiFetch(path, options);
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

export interface Page<T> {
  items: T[];
  total: number;
  /** The API counted only up to `total` and more match (x-total-more). */
  more?: boolean;
}

/** A list endpoint: array body, total in x-total-count. */
export async function apiList<T>(path: string, query?: Query): Promise<Page<T>> {
  const response = await apiFetch(path, { query });
  const items = (await response.json()) as T[];
  const total = Number(response.headers.get('x-total-count') ?? items.length);
  return response.headers.get('x-total-more') === 'true' ? { items, total, more: true } : { items, total };
}

/** Downloads a guarded file (export, document) with the bearer token and saves it. */
export async function downloadFile(path: string, query?: Query, fallbackName = 'download'): Promise<void> {
  const response = await apiFetch(path, { query });
  const disposition = response.headers.get('content-disposition') ?? '';
  const match = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition);
  const name = match?.[1] ? decodeURIComponent(match[1]) : fallbackName;
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
