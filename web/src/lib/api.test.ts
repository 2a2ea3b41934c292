import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api, buildUrl, parseRetryAfter, setCsrfToken, setRequestLanguage } from './api';

function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

async function caught(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof ApiError) return err;
    throw err;
  }
  throw new Error('expected the request to fail');
}

describe('api client', () => {
  const fetchMock = vi.fn<typeof fetch>();

  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    setRequestLanguage('fr');
    setCsrfToken(null);
  });
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('parses the error envelope into an ApiError', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(400, {
        error: { code: 'validation', message: 'Nom requis', fields: { name: 'Le nom est requis' } },
      }),
    );
    const err = await caught(api.post('/api/appointments', { name: '' }));
    expect(err).toBeInstanceOf(ApiError);
    expect(err.status).toBe(400);
    expect(err.code).toBe('validation');
    expect(err.message).toBe('Nom requis');
    expect(err.fields).toEqual({ name: 'Le nom est requis' });
    expect(err.retryAfter).toBeNull();
  });

  it('keeps extra members of the error, such as slot alternatives', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(409, {
        error: { code: 'slot_taken', message: 'Créneau pris', alternatives: ['10:00', '11:00'] },
      }),
    );
    const err = await caught(api.post('/api/appointments', {}));
    expect(err.code).toBe('slot_taken');
    expect(err.fields).toEqual({});
    expect(err.details).toEqual({ alternatives: ['10:00', '11:00'] });
  });

  it('reads Retry-After on rate limiting', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(429, { error: { code: 'rate_limited', message: 'Trop de requêtes' } }, { 'Retry-After': '30' }),
    );
    const err = await caught(api.get('/api/services'));
    expect(err.code).toBe('rate_limited');
    expect(err.retryAfter).toBe(30);
  });

  it('falls back on the status when the body is not the envelope', async () => {
    fetchMock.mockResolvedValue(new Response('<html>Bad gateway</html>', { status: 503, statusText: 'Service Unavailable' }));
    const err = await caught(api.get('/api/services'));
    expect(err.status).toBe(503);
    expect(err.code).toBe('unavailable');
    expect(err.message).toBe('Service Unavailable');
  });

  it('reports a network failure as status 0', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const err = await caught(api.get('/api/services'));
    expect(err.status).toBe(0);
    expect(err.code).toBe('network');
  });

  it('sends the language, the cookie policy and JSON', async () => {
    setRequestLanguage('ar');
    fetchMock.mockResolvedValue(jsonResponse(200, [{ slug: 'web' }]));
    const data = await api.get<{ slug: string }[]>('/api/services', { query: { order: 'name', limit: 6 } });
    expect(data).toEqual([{ slug: 'web' }]);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/services?order=name&limit=6&lang=ar');
    expect(init?.credentials).toBe('same-origin');
    expect(new Headers(init?.headers).get('Accept-Language')).toBe('ar');
  });

  it('attaches the CSRF token to state-changing requests only', async () => {
    setCsrfToken('tok-123');
    fetchMock.mockImplementation(async () => jsonResponse(200, {}));
    await api.get('/api/admin/me');
    await api.patch('/api/admin/appointments/1', { status: 'confirmed' });
    const getHeaders = new Headers(fetchMock.mock.calls[0]![1]?.headers);
    const patchInit = fetchMock.mock.calls[1]![1];
    const patchHeaders = new Headers(patchInit?.headers);
    expect(getHeaders.has('X-CSRF-Token')).toBe(false);
    expect(patchHeaders.get('X-CSRF-Token')).toBe('tok-123');
    expect(patchHeaders.get('Content-Type')).toBe('application/json');
    expect(patchInit?.body).toBe('{"status":"confirmed"}');
  });

  it('returns undefined for 204', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    await expect(api.delete('/api/admin/notes/1')).resolves.toBeUndefined();
  });

  it('builds the query after the path, with the language last unless given', () => {
    expect(buildUrl('/api/services', { order: 'name', limit: undefined })).toBe('/api/services?order=name&lang=fr');
    expect(buildUrl('/api/slots?date=2026-11-29', { lang: 'ar' })).toBe('/api/slots?date=2026-11-29&lang=ar');
  });
});

describe('parseRetryAfter', () => {
  it('accepts seconds and HTTP dates', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(parseRetryAfter('12', now)).toBe(12);
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:01:00 GMT', now)).toBe(60);
    expect(parseRetryAfter('soon', now)).toBeNull();
    expect(parseRetryAfter(null, now)).toBeNull();
  });
});
