import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api';
import { sendWithChallenge, solutionPayload, solveChallenge, type Challenge } from './challenge';

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** A challenge as the server makes one, for a secret number (the signature is not checked here). */
async function challengeFor(number: number, maxNumber = 5000): Promise<Challenge> {
  const salt = 'a1b2c3d4e5f6?expires=4102444800&';
  return { algorithm: 'SHA-256', challenge: await sha256Hex(salt + number), maxNumber, salt, signature: 'sig' };
}

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

describe('challenge', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('finds the secret number and builds the payload the server verifies', async () => {
    const ch = await challengeFor(3217);
    expect(await solveChallenge(ch)).toBe(3217);
    const payload = JSON.parse(atob(solutionPayload(ch, 3217)));
    expect(payload).toEqual({ algorithm: 'SHA-256', challenge: ch.challenge, number: 3217, salt: ch.salt, signature: 'sig' });
  });

  it('gives up past maxNumber', async () => {
    const ch = await challengeFor(900, 500);
    expect(await solveChallenge(ch)).toBeNull();
  });

  it('yields to the page while it works', async () => {
    const ch = await challengeFor(4000);
    let ticks = 0;
    const timer = setInterval(() => ticks++, 0);
    await solveChallenge(ch);
    clearInterval(timer);
    expect(ticks).toBeGreaterThan(0);
  });

  it('solves when the server asks, then sends again with the solution', async () => {
    const ch = await challengeFor(42);
    vi.stubGlobal('fetch', vi.fn(async () => json(200, ch)));
    const sent: (string | undefined)[] = [];
    const verifying: boolean[] = [];
    const result = await sendWithChallenge(async (altcha) => {
      sent.push(altcha);
      if (!altcha) {
        throw new ApiError({ status: 429, code: 'rate_limited', message: 'check', details: { challenge: 'required' } });
      }
      return 'booked';
    }, (v) => verifying.push(v));
    expect(result).toBe('booked');
    expect(sent).toHaveLength(2);
    expect(sent[0]).toBeUndefined();
    expect(JSON.parse(atob(sent[1]!)).number).toBe(42);
    expect(verifying).toEqual([true, false]);
  });

  it('does not solve for a plain rate limit', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const limited = new ApiError({ status: 429, code: 'rate_limited', message: 'wait', retryAfter: 600 });
    await expect(sendWithChallenge(() => Promise.reject(limited), () => {})).rejects.toBe(limited);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
