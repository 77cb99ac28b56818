/**
 * Which listed site a failed call failed on, carried by the error itself: the site router marks
 * what a call throws with the site it was on, so the UI's buttons for that error (Log in, Open
 * tab) act on that site, not on the first one. The mark is a property under a global symbol, so
 * it reads the same in every bundle; wrapped errors are read through their `cause`.
 */
const FAILED_SITE = Symbol.for('ptk.failedSite');

/** Marks `error` (when it is an object not marked yet) as thrown by a call on `site`; returns it. */
export function markFailedSite<T>(error: T, site: string): T {
  if (typeof error === 'object' && error !== null && !Object.hasOwn(error, FAILED_SITE) && Object.isExtensible(error)) {
    Object.defineProperty(error, FAILED_SITE, { value: site });
  }
  return error;
}

/** The site `error` (or an error it wraps, through `cause`) failed on, if a router marked it. */
export function failedSiteOf(error: unknown): string | undefined {
  const seen = new Set<unknown>();
  for (let current = error; typeof current === 'object' && current !== null && !seen.has(current); current = (current as { cause?: unknown }).cause) {
    seen.add(current);
    const site = (current as { [FAILED_SITE]?: unknown })[FAILED_SITE];
    if (typeof site === 'string') return site;
  }
  return undefined;
}
