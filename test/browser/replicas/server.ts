/**
 * The replica-site server: a small node:http server on 127.0.0.1 that serves one replica chat
 * site (its page bundled with esbuild from sites/<site>/app.ts, its sites/<site>/style.css) and
 * answers its chat API from a scripted responder, streaming tokens as NDJSON over a chunked
 * response like the real sites do (so a "network drop" is a real dropped connection).
 *
 * The answer is generated server-side, independent of the connection: a page that reloads
 * mid-answer reattaches with GET /api/stream and sees the answer continue.
 *
 *   GET  /, /c/<id>          the app (or the bot-check interstitial)
 *   GET  /replica/app.js     the bundled page script;  /replica/style.css  the site's CSS
 *   GET  /api/session        { loggedIn, conversationId, turns }
 *   POST /api/conversation   { text } → NDJSON events of the new assistant turn
 *   GET  /api/stream?turn=N  NDJSON events of turn N (replayed from the start, then live)
 *   POST /api/new            start a new conversation
 *   POST /api/verify         pass the bot check
 */
import { existsSync, readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { NONCE_LINE, tokenize, type ReplicaResponder, type ReplicaScenario, type ReplicaTurnScript } from './scenario';

/** Events the page receives for one assistant turn. */
export type ReplicaEvent =
  | { type: 'thinking' }
  | { type: 'token'; text: string }
  | { type: 'done' }
  | { type: 'error'; kind: string; message: string }
  | { type: 'reload' };

interface ServerTurn {
  id: number;
  conversationId: string;
  userText: string;
  assistantText: string;
  status: 'thinking' | 'streaming' | 'done' | 'failed';
  events: ReplicaEvent[];
  listeners: Set<http.ServerResponse>;
}

/** A message the page submitted. */
export interface ReplicaSubmission {
  conversationId: string;
  /** The text as the page sent it (nonce included). */
  text: string;
  turnId: number;
}

export interface ReplicaServerOptions {
  /** Folder name under test/browser/replicas/sites. */
  site: string;
  scenario?: ReplicaScenario;
  responder?: ReplicaResponder;
  /** 0 (default): an ephemeral port. */
  port?: number;
}

export interface ReplicaServer {
  /** Base URL, e.g. http://127.0.0.1:41234/ */
  url: string;
  /** Every message the page submitted, in order. */
  readonly submissions: ReplicaSubmission[];
  /** Conversations started (POST /api/new) plus the first one. */
  readonly conversationCount: number;
  /** Replaces the scenario (turn counter restarts at 0). */
  setScenario(scenario: ReplicaScenario): void;
  close(): Promise<void>;
}

const sitesDirectory = path.join(__dirname, 'sites');
const bundles = new Map<string, Promise<string>>();

/** Bundles a site's page script once per process. */
function bundleSite(site: string): Promise<string> {
  let bundle = bundles.get(site);
  if (!bundle) {
    bundle = esbuild
      .build({
        entryPoints: [path.join(sitesDirectory, site, 'app.ts')],
        bundle: true,
        platform: 'browser',
        format: 'iife',
        target: 'es2022',
        write: false,
        logLevel: 'silent',
      })
      .then((result) => result.outputFiles[0]!.text);
    bundles.set(site, bundle);
  }
  return bundle;
}

/** Starts a replica site on 127.0.0.1. Stop it with close(). */
export async function startReplicaServer(options: ReplicaServerOptions): Promise<ReplicaServer> {
  const siteDirectory = path.join(sitesDirectory, options.site);
  if (!existsSync(path.join(siteDirectory, 'app.ts'))) {
    throw new Error(`No replica site "${options.site}": expected ${path.join(siteDirectory, 'app.ts')}.`);
  }
  const script = await bundleSite(options.site);
  const stylePath = path.join(siteDirectory, 'style.css');
  const style = existsSync(stylePath) ? readFileSync(stylePath, 'utf8') : '';
  const titlePath = path.join(siteDirectory, 'title.txt');
  const title = existsSync(titlePath) ? readFileSync(titlePath, 'utf8').trim() : `${options.site} (replica)`;

  let scenario: ReplicaScenario = options.scenario ?? {};
  let turnCounter = 0;
  let loggedIn = scenario.loggedIn ?? true;
  let botCheck = scenario.botCheck ?? false;
  let conversationNumber = 1;
  let conversationId = 'conv-1';
  const turns: ServerTurn[] = [];
  const submissions: ReplicaSubmission[] = [];
  const timers = new Set<NodeJS.Timeout>();
  let closed = false;

  const sleep = (ms: number): Promise<void> =>
    new Promise((resolve) => {
      if (ms <= 0 || closed) return resolve();
      const timer = setTimeout(() => {
        timers.delete(timer);
        resolve();
      }, ms);
      timers.add(timer);
    });

  const emit = (turn: ServerTurn, event: ReplicaEvent, record = true): void => {
    if (record) turn.events.push(event);
    const line = `${JSON.stringify(event)}\n`;
    for (const response of turn.listeners) response.write(line);
    if (event.type === 'done' || event.type === 'error') {
      for (const response of turn.listeners) response.end();
      turn.listeners.clear();
    }
  };

  async function scriptFor(prompt: string, index: number): Promise<ReplicaTurnScript> {
    const scripted = scenario.turns?.[index];
    let script: ReplicaTurnScript = { ...scenario.defaults, ...scripted };
    if (script.reply === undefined && script.failure === undefined) {
      const responder = options.responder;
      if (responder) {
        const produced = typeof responder === 'function' ? await responder(prompt, index) : await responder.call(prompt);
        script = typeof produced === 'string' ? { ...script, reply: produced } : { ...script, ...produced };
      }
    }
    return script;
  }

  async function generate(turn: ServerTurn, script: ReplicaTurnScript): Promise<void> {
    const reply = script.reply ?? 'OK';
    const failAt = script.failAtChar ?? 0;
    const failMidAnswer = script.failure === 'error_banner' || script.failure === 'network_drop' || script.failure === 'reload';
    emit(turn, { type: 'thinking' });
    await sleep(script.thinkingMs ?? 0);
    turn.status = 'streaming';
    const pauses = [...(script.pauses ?? [])].sort((left, right) => left.atChar - right.atChar);
    let reloaded = false;
    for (const token of tokenize(reply, script.tokenChars ?? 4)) {
      if (closed) return;
      if (failMidAnswer && turn.assistantText.length >= failAt) {
        if (script.failure === 'reload' && !reloaded) {
          reloaded = true;
          emit(turn, { type: 'reload' }, false);
        } else if (script.failure !== 'reload') {
          return failMidway(turn, script);
        }
      }
      while (pauses.length > 0 && turn.assistantText.length >= pauses[0]!.atChar) await sleep(pauses.shift()!.ms);
      turn.assistantText += token;
      emit(turn, { type: 'token', text: token });
      await sleep(script.tokenMs ?? 15);
    }
    if (script.failure === 'error_banner' || script.failure === 'network_drop') return failMidway(turn, script);
    await sleep(script.finishDelayMs ?? 30);
    turn.status = 'done';
    emit(turn, { type: 'done' });
  }

  function failMidway(turn: ServerTurn, script: ReplicaTurnScript): void {
    if (script.failure === 'network_drop') {
      turn.status = 'failed';
      turn.events.push({ type: 'error', kind: 'network_drop', message: 'A network error occurred. Please check your connection and try again.' });
      for (const response of turn.listeners) response.destroy();
      turn.listeners.clear();
      return;
    }
    fail(turn, 'error_banner', 'Something went wrong while generating the response. If this issue persists please contact us through our help center at help.openai.com.');
  }

  function fail(turn: ServerTurn, kind: string, message: string): void {
    turn.status = 'failed';
    emit(turn, { type: 'error', kind, message });
  }

  function failureMessage(script: ReplicaTurnScript): { kind: string; message: string } | undefined {
    switch (script.failure) {
      case 'rate_limit':
        return { kind: 'rate_limit', message: `You've reached our limit of messages per 3 hours. Please try again after ${script.retryAfter ?? '3:15 PM'}.` };
      case 'conversation_too_long':
        return { kind: 'conversation_too_long', message: 'This conversation is too long. Please start a new chat.' };
      case 'bot_check':
        botCheck = true;
        return { kind: 'bot_check', message: 'Verify you are human' };
      case 'login':
        loggedIn = false;
        return { kind: 'login', message: 'Your session has expired. Please log in again.' };
      default:
        return undefined;
    }
  }

  const server = http.createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) response.writeHead(500, { 'content-type': 'text/plain' });
      response.end(String(error));
    });
  });

  function readBody(request: http.IncomingMessage): Promise<string> {
    return new Promise((resolve, reject) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
      request.on('error', reject);
    });
  }

  function attach(turn: ServerTurn, response: http.ServerResponse): void {
    response.writeHead(200, { 'content-type': 'application/x-ndjson; charset=utf-8', 'cache-control': 'no-store' });
    for (const event of turn.events) response.write(`${JSON.stringify(event)}\n`);
    const finished = turn.status === 'done' || turn.status === 'failed';
    if (finished) {
      response.end();
      return;
    }
    turn.listeners.add(response);
    response.on('close', () => turn.listeners.delete(response));
  }

  async function handle(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const route = `${request.method} ${url.pathname}`;
    const json = (status: number, body: unknown): void => {
      response.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      response.end(JSON.stringify(body));
    };
    if (route === 'GET /replica/app.js') {
      response.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-store' });
      response.end(script);
    } else if (route === 'GET /replica/style.css') {
      response.writeHead(200, { 'content-type': 'text/css; charset=utf-8' });
      response.end(style);
    } else if (route === 'GET /api/session') {
      json(200, {
        loggedIn,
        conversationId,
        maxPromptChars: scenario.maxPromptChars ?? null,
        ignoreFirstSubmit: scenario.ignoreFirstSubmit ?? false,
        composerLimit: scenario.composerLimit ?? null,
        turns: turns
          .filter((turn) => turn.conversationId === conversationId)
          .map((turn) => ({ id: turn.id, user: turn.userText, assistant: turn.assistantText, status: turn.status, error: errorOf(turn) })),
      });
    } else if (route === 'POST /api/new') {
      conversationNumber++;
      conversationId = `conv-${conversationNumber}`;
      json(200, { conversationId });
    } else if (route === 'POST /api/verify') {
      botCheck = false;
      json(200, { ok: true });
    } else if (route === 'POST /api/conversation') {
      if (!loggedIn) return json(401, { error: 'login' });
      const body = JSON.parse(await readBody(request)) as { text: string };
      const index = turnCounter++;
      const turn: ServerTurn = { id: turns.length + 1, conversationId, userText: body.text, assistantText: '', status: 'thinking', events: [], listeners: new Set() };
      turns.push(turn);
      submissions.push({ conversationId, text: body.text, turnId: turn.id });
      const prompt = body.text.replace(NONCE_LINE, '');
      if (scenario.maxPromptChars !== undefined && body.text.length > scenario.maxPromptChars) {
        attach(turn, response);
        return fail(turn, 'prompt_too_long', `The message you submitted was too long, please reload the conversation and submit something shorter (limit ${scenario.maxPromptChars} characters).`);
      }
      const script = await scriptFor(prompt, index);
      const failure = failureMessage(script);
      attach(turn, response);
      if (failure) return fail(turn, failure.kind, failure.message);
      void generate(turn, script);
    } else if (route === 'GET /api/stream') {
      const turn = turns.find((candidate) => candidate.id === Number(url.searchParams.get('turn')));
      if (!turn) return json(404, { error: 'no such turn' });
      attach(turn, response);
    } else if (request.method === 'GET' && (url.pathname === '/' || url.pathname.startsWith('/c/'))) {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      response.end(botCheck ? interstitialHtml() : appHtml(title));
    } else {
      response.writeHead(404, { 'content-type': 'text/plain' });
      response.end('not found');
    }
  }

  function errorOf(turn: ServerTurn): { kind: string; message: string } | undefined {
    const last = turn.events[turn.events.length - 1];
    return last?.type === 'error' ? { kind: last.kind, message: last.message } : undefined;
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const address = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${address.port}/`,
    submissions,
    get conversationCount() {
      return conversationNumber;
    },
    setScenario(next) {
      scenario = next;
      turnCounter = 0;
      loggedIn = next.loggedIn ?? true;
      botCheck = next.botCheck ?? false;
    },
    async close() {
      closed = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      for (const turn of turns) for (const listener of turn.listeners) listener.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function appHtml(title: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${title}</title>
<link rel="stylesheet" href="/replica/style.css"></head>
<body><div id="root"></div><script src="/replica/app.js"></script></body></html>`;
}

/** A Cloudflare-like "Verify you are human" interstitial (no third-party request). */
function interstitialHtml(): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Just a moment...</title></head>
<body><div class="main-wrapper" role="main"><div class="main-content">
<h1 class="zone-name-title h1">Verify you are human by completing the action below.</h1>
<div id="challenge-stage"><form id="challenge-form" onsubmit="event.preventDefault();fetch('/api/verify',{method:'POST'}).then(()=>location.href='/')">
<label><input type="checkbox" required> Verify you are human</label><button type="submit">Continue</button></form></div>
<p>This site needs to review the security of your connection before proceeding.</p></div></div></body></html>`;
}
