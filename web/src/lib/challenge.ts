// The proof-of-work challenge the public forms solve when the server asks for one (a
// 429 rate_limited whose error carries `challenge: "required"`), on ALTCHA's protocol:
// GET /api/challenge gives {algorithm, challenge, maxNumber, salt, signature}; the
// browser finds the number n in [0, maxNumber] whose SHA-256 of salt+n is the challenge,
// and sends back base64(JSON {algorithm, challenge, number, salt, signature}) in the
// form's `altcha` field. WebCrypto does the hashing (no library in the bundle); the loop
// yields to the page every few hundred hashes, so the page never freezes.

import { ApiError, api } from './api';

/** A challenge as GET /api/challenge returns it. */
export interface Challenge {
  algorithm: string;
  challenge: string;
  maxNumber: number;
  salt: string;
  signature: string;
}

/** Hashes tried between two yields to the page. */
const BATCH = 200;

const encoder = new TextEncoder();

function hex(buffer: ArrayBuffer): string {
  return Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, '0')).join('');
}

function yieldToPage(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** Finds the number of a challenge; null when none up to maxNumber matches. */
export async function solveChallenge(ch: Challenge, signal?: AbortSignal): Promise<number | null> {
  if (ch.algorithm !== 'SHA-256') throw new Error(`unsupported algorithm ${ch.algorithm}`);
  const target = ch.challenge.toLowerCase();
  for (let start = 0; start <= ch.maxNumber; start += BATCH) {
    signal?.throwIfAborted();
    const end = Math.min(start + BATCH - 1, ch.maxNumber);
    const hashes = [];
    for (let n = start; n <= end; n++) hashes.push(crypto.subtle.digest('SHA-256', encoder.encode(ch.salt + n)));
    const found = (await Promise.all(hashes)).findIndex((h) => hex(h) === target);
    if (found >= 0) return start + found;
    await yieldToPage();
  }
  return null;
}

/** The payload the server expects for a solved challenge. */
export function solutionPayload(ch: Challenge, number: number): string {
  const { algorithm, challenge, salt, signature } = ch;
  return btoa(JSON.stringify({ algorithm, challenge, number, salt, signature }));
}

/** Fetches a challenge and solves it; returns the payload for the form's `altcha` field. */
export async function fetchAndSolve(signal?: AbortSignal): Promise<string> {
  const ch = await api.get<Challenge>('/api/challenge', { signal });
  const number = await solveChallenge(ch, signal);
  if (number === null) throw new Error('challenge without solution');
  return solutionPayload(ch, number);
}

/** True when err is the server asking for a solved challenge. */
export function challengeRequired(err: unknown): boolean {
  return err instanceof ApiError && err.code === 'rate_limited' && err.details.challenge === 'required';
}

/**
 * Sends a form; when the server asks for a challenge, tells onVerifying, solves one and
 * sends the form once more with the solution. Any other failure is thrown as is.
 */
export async function sendWithChallenge<T>(
  send: (altcha?: string) => Promise<T>,
  onVerifying: (verifying: boolean) => void,
): Promise<T> {
  try {
    return await send();
  } catch (err) {
    if (!challengeRequired(err)) throw err;
  }
  onVerifying(true);
  let solution: string;
  try {
    solution = await fetchAndSolve();
  } finally {
    onVerifying(false);
  }
  return send(solution);
}
