// The one HTTP client of the app. It speaks the server's contract: JSON bodies,
// the error envelope {"error":{"code","message","fields"}}, the request
// language (?lang= and Accept-Language), the session cookie and the CSRF header.

/** Error codes of the HTTP contract, plus `network` when no response came back. */
export type ApiErrorCode =
  | 'validation'
  | 'unauthenticated'
  | 'invalid_credentials'
  | 'forbidden'
  | 'csrf'
  | 'not_found'
  | 'slot_taken'
  | 'slot_closed'
  | 'already_subscribed'
  | 'conflict'
  | 'too_large'
  | 'rate_limited'
  | 'unavailable'
  | 'too_late'
  | 'gone'
  | 'upcoming'
  | 'internal'
  | 'network';

/** Field name → message, as sent with `validation` errors. */
export type FieldErrors = Record<string, string>;

/** A failed request: a non-2xx response, or no response at all (status 0). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ApiErrorCode | (string & {});
  readonly fields: FieldErrors;
  /** Seconds to wait before retrying, from Retry-After (429, 503), else null. */
  readonly retryAfter: number | null;
  /** Any other members of the error object, e.g. `alternatives` for slot_taken. */
  readonly details: Record<string, unknown>;

  constructor(init: {
    status: number;
    code: string;
    message: string;
    fields?: FieldErrors;
    retryAfter?: number | null;
    details?: Record<string, unknown>;
  }) {
    super(init.message);
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.fields = init.fields ?? {};
    this.retryAfter = init.retryAfter ?? null;
    this.details = init.details ?? {};
  }
}

let csrfToken: string | null = null;
let requestLanguage = 'fr';

/** Remembers the CSRF token the server handed out (login, /api/admin/me); null forgets it. */
export function setCsrfToken(token: string | null): void {
  csrfToken = token;
}

/** The CSRF token sent with state-changing requests, if any. */
export function getCsrfToken(): string | null {
  return csrfToken;
}

/** Sets the language sent with every request; i18n calls it on each language change. */
export function setRequestLanguage(lang: string): void {
  requestLanguage = lang;
}

/** The language sent with requests. */
export function getRequestLanguage(): string {
  return requestLanguage;
}

type Query = Record<string, string | number | boolean | null | undefined>;

/** Options of one request. */
export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Serialized as JSON unless it is FormData, URLSearchParams or a string. */
  body?: unknown;
  query?: Query;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** Builds the URL of a request: the query, then ?lang= unless the caller set one. */
export function buildUrl(path: string, query?: Query): string {
  const [pathname, search = ''] = path.split('?', 2);
  const params = new URLSearchParams(search);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  if (!params.has('lang')) params.set('lang', requestLanguage);
  return `${pathname}?${params}`;
}

/** Reads Retry-After, given either in seconds or as an HTTP date. */
export function parseRetryAfter(value: string | null, now: number = Date.now()): number | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return null;
  return Math.max(0, Math.ceil((date - now) / 1000));
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const fallbackCodes: Record<number, ApiErrorCode> = {
  400: 'validation',
  401: 'unauthenticated',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  410: 'gone',
  413: 'too_large',
  429: 'rate_limited',
  503: 'unavailable',
};

/** Turns a failed response into an ApiError, whether or not it carries the envelope. */
export async function toApiError(response: Response): Promise<ApiError> {
  const retryAfter = parseRetryAfter(response.headers.get('Retry-After'));
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    // Not JSON (a proxy's HTML page, an empty body): fall back on the status.
  }
  const envelope = isRecord(body) && isRecord(body.error) ? body.error : null;
  if (envelope) {
    const { code, message, fields, ...details } = envelope;
    return new ApiError({
      status: response.status,
      code: typeof code === 'string' ? code : (fallbackCodes[response.status] ?? 'internal'),
      message: typeof message === 'string' ? message : response.statusText,
      fields: isRecord(fields)
        ? Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, String(v)]))
        : {},
      retryAfter,
      details,
    });
  }
  return new ApiError({
    status: response.status,
    code: fallbackCodes[response.status] ?? 'internal',
    message: response.statusText || `HTTP ${response.status}`,
    retryAfter,
  });
}

/** Sends one request and returns its decoded JSON body (undefined for 204). */
export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const method = options.method ?? 'GET';
  const headers = new Headers(options.headers);
  headers.set('Accept', 'application/json');
  headers.set('Accept-Language', requestLanguage);
  if (method !== 'GET' && csrfToken) headers.set('X-CSRF-Token', csrfToken);

  let body: BodyInit | undefined;
  if (options.body !== undefined) {
    if (
      typeof options.body === 'string' ||
      options.body instanceof FormData ||
      options.body instanceof URLSearchParams
    ) {
      body = options.body;
    } else {
      body = JSON.stringify(options.body);
      headers.set('Content-Type', 'application/json');
    }
  }

  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method,
      headers,
      body,
      credentials: 'same-origin',
      // A page's address may hold a secret (a manage link's token, kept after the booking
      // form moves to its confirmation in place): no call names it in a Referer.
      referrerPolicy: 'no-referrer',
      signal: options.signal,
    });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new ApiError({
      status: 0,
      code: 'network',
      message: err instanceof Error ? err.message : 'Network error',
    });
  }

  if (!response.ok) throw await toApiError(response);
  if (response.status === 204) return undefined as T;
  const type = response.headers.get('Content-Type') ?? '';
  if (type.includes('application/json')) return (await response.json()) as T;
  return (await response.text()) as T;
}

type BodyOptions = Omit<RequestOptions, 'method' | 'body'>;

/** Shorthands for the usual methods. */
export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: BodyOptions) =>
    request<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: BodyOptions) =>
    request<T>(path, { ...options, method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown, options?: BodyOptions) =>
    request<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T>(path: string, options?: BodyOptions) => request<T>(path, { ...options, method: 'DELETE' }),
};
