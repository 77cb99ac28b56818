/**
 * The foreign hosts a replica page reaches besides its own 127.0.0.1 origin: the off-host sign-in
 * pages (accounts.google.com, auth.openai.com) and Cloudflare's challenge platform
 * (challenges.cloudflare.com). The replica server answers for all of them on its own port;
 * the test browser maps them to 127.0.0.1 and resolves nothing else, so no test reaches another
 * address. Chromium forces https on these hosts (HSTS preload), hence the server's TLS side and
 * `--ignore-certificate-errors`.
 */
import { replicaSites } from './sites';

/** Cloudflare's challenge host (the hidden bot-management iframe of a healthy page). */
export const cloudflareChallengeHost = 'challenges.cloudflare.com';

/** Sign-in hosts the replica server always answers for, whatever the site. */
export const knownSignInHosts = ['accounts.google.com', 'auth.openai.com'];

/** Every foreign host the replica server answers for: the known ones and each site's `signInUrl` host. */
export function replicaForeignHosts(): string[] {
  const fromSites = replicaSites.flatMap((entry) => (entry.signInUrl ? [new URL(entry.signInUrl).hostname] : []));
  return [...new Set([cloudflareChallengeHost, ...knownSignInHosts, ...fromSites])];
}

/**
 * Chromium's `--host-resolver-rules` value: each foreign host → 127.0.0.1, every other name
 * unresolvable (127.0.0.1 and localhost stay reachable).
 */
export function replicaHostResolverRules(hosts: string[] = replicaForeignHosts()): string {
  return [...hosts.map((host) => `MAP ${host} 127.0.0.1`), 'MAP * ~NOTFOUND', 'EXCLUDE 127.0.0.1', 'EXCLUDE localhost'].join(', ');
}

/** Launch arguments a test browser needs to follow a replica to its foreign hosts. */
export function replicaBrowserArgs(hosts?: string[]): string[] {
  return [`--host-resolver-rules=${replicaHostResolverRules(hosts)}`, '--ignore-certificate-errors'];
}
