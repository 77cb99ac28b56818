/**
 * Replica chat sites for tests, benchmarks and the CLI demo:
 * `startReplicaServer({ site, scenario | responder, port? })` → { url, close(), submissions, … }.
 */
export { startReplicaServer } from './server';
export type { ReplicaServer, ReplicaServerOptions, ReplicaSubmission, ReplicaEvent } from './server';
export type { ReplicaScenario, ReplicaTurnScript, ReplicaFailure, ReplicaResponder } from './scenario';
export { replicaSites } from './sites';
