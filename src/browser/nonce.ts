/**
 * The per-turn nonce: every prompt the backend sends ends with a short marker line
 * (`[ptk:7f3a9c2b]`) that survives in the user turn's text. The backend finds its own
 * turn by it (and finds it again after a reload or a crashed tab, instead of resending).
 * The model is told nothing about it; answers never carry it to the engine.
 */
import { randomBytes } from 'node:crypto';

const MARKER = /\[ptk:([0-9a-z]{4,32})\]/g;

/** A fresh nonce: 10 lowercase base-36 characters. */
export function createNonce(): string {
  const bytes = randomBytes(8);
  let value = '';
  for (const byte of bytes) value += (byte % 36).toString(36);
  return value.slice(0, 8) + Date.now().toString(36).slice(-2);
}

/** The marker text for a nonce. */
export function nonceMarker(nonce: string): string {
  return `[ptk:${nonce}]`;
}

/** The prompt as sent: the text, a blank line, the marker. */
export function appendNonce(prompt: string, nonce: string): string {
  return `${prompt.replace(/\s+$/, '')}\n\n${nonceMarker(nonce)}`;
}

/** Removes every nonce marker (and the blank line before it) from a text. */
export function stripNonce(text: string): string {
  return text.replace(/\n*\[ptk:[0-9a-z]{4,32}\][ \t]*/g, '');
}

/** The nonces found in a text, in order. */
export function findNonces(text: string): string[] {
  return Array.from(text.matchAll(MARKER), (match) => match[1]!);
}
