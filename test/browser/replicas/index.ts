/**
 * Replica chat sites for tests, benchmarks and the CLI demo:
 * `startReplicaServer({ site, scenario | responder, port?, signInUrl? })` → { url, close(), submissions, … }.
 * A browser that follows a replica to its foreign hosts (off-host sign-in, Cloudflare noise)
 * launches with `replicaBrowserArgs()`.
 */
export { startReplicaServer } from './server';
export type { ReplicaServer, ReplicaServerOptions, ReplicaSubmission, ReplicaUpload, ReplicaEvent } from './server';
export type { ReplicaScenario, ReplicaTurnScript, ReplicaFailure, ReplicaResponder, ReplicaEarlierTurn } from './scenario';
export { replicaSites } from './sites';
export type { ReplicaSiteEntry } from './sites';
export { replicaBrowserArgs, replicaForeignHosts, replicaHostResolverRules } from './foreignHosts';
