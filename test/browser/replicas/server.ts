/**
 * The replica-site server: a small server on 127.0.0.1 that serves one replica chat site (its
 * page bundled with esbuild from sites/<site>/app.ts, its sites/<site>/style.css) and answers its
 * chat API from a scripted responder, streaming events as NDJSON over a chunked response like
 * the real sites do (so a "network drop" is a real dropped connection).
 *
 * The answer is generated server-side, independent of the connection: a page that reloads
 * mid-answer reattaches with GET /api/stream and sees the answer continue.
 *
 *   GET  /, /c/<id>          the app (or the bot-check interstitial, or a redirect to the
 *                            off-host sign-in page)
 *   GET  /replica/app.js     the bundled page script;  /replica/style.css  the site's CSS
 *                            (the redesign site's once scenario.redesignAfterTurn turns are done)
 *   GET  /cdn-cgi/challenge-platform/…   Cloudflare's bot-management script (empty)
 *   GET  /api/session        { loggedIn, guest, signInUrl, conversationId, turns, … }
 *   POST /api/conversation   { text } → NDJSON events of the new assistant turn
 *   GET  /api/stream?turn=N  NDJSON events of turn N (replayed from the start, then live)
 *   POST /api/upload         one file (raw body; x-file-name, content-type) → accepted |
 *                            refused | never answered (scenario.uploads)
 *   POST /api/new            start a new conversation
 *
 * Each tab chats in its own conversation: the page sends its conversation id in the
 * x-replica-conversation header (kept per tab in sessionStorage, or taken from a /c/<id> address)
 * and the server answers with the one it used; a request without one gets the latest
 * conversation started, or a new one while a turn of the latest is generating. The turns are
 * kept per conversation, so several tabs can chat at once, each answer in its own chat.
 *   POST /api/verify         pass the bot check
 *
 * The same port also answers, over TLS, for the foreign hosts (foreignHosts.ts): the sign-in
 * hosts with a generic sign-in page, challenges.cloudflare.com with an empty page. The first
 * byte of a connection tells TLS (0x16, a handshake) from plain HTTP.
 */
import { existsSync, readFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { cloudflareChallengeHost, knownSignInHosts, replicaForeignHosts } from './foreignHosts';
import { appHtml, emptyChallengeHtml, interstitialHtml, signInPageHtml } from './hostPages';
import { NONCE_LINE, answerTokens, tokenize, type ReplicaResponder, type ReplicaScenario, type ReplicaTurnScript } from './scenario';
import { CONVERSATION_HEADER } from './shared/conversationKeys';
import { createSelfSignedIdentity, type TlsIdentity } from './selfSignedCertificate';
import { replicaSites } from './sites';

/**
 * Events the page receives for one assistant turn, in this order:
 *   thinking{text?} [action_bar{true} action_bar{false}]       reasoning phase (stop visible)
 *   [preamble_token… gap thinking{text?} node]                   preamble, gap, second message node
 *   (block) token… (notice)… done | error                        the answer
 * `reload` (not recorded) makes the page reload itself; replays skip it.
 */
export type ReplicaEvent =
  /** Generation active, nothing streamed yet; `text`: the reasoning the skin shows (setThinking). */
  | { type: 'thinking'; text?: string }
  /** Mid-thinking action-bar flash: shown (true) then hidden again (false). */
  | { type: 'action_bar'; visible: boolean }
  /** A chunk of the preamble (first message node of the turn). */
  | { type: 'preamble_token'; text: string }
  /** The preamble ended: the page drops the stop button and changes nothing until the next event. */
  | { type: 'gap' }
  /** The answer starts in a new message node of the same turn. */
  | { type: 'node' }
  /** A tool widget, then the answer goes on in a new answer block of the same message (skin.addAnswerBlock). */
  | { type: 'block' }
  /** A chunk of the answer. */
  | { type: 'token'; text: string }
  /** An informational banner (kind 'limit_notice'); the answer goes on. */
  | { type: 'notice'; kind: string; message: string }
  | { type: 'done' }
  | { type: 'error'; kind: string; message: string }
  | { type: 'reload' };

interface ServerTurn {
  id: number;
  conversationId: string;
  userText: string;
  /** Streamed preamble so far ('' when the turn has none). */
  preambleText: string;
  /** Streamed answer so far (without the preamble). */
  assistantText: string;
  /** Where in assistantText each answer block after the first starts (a reload draws them again). */
  blockStarts: number[];
  status: 'thinking' | 'streaming' | 'done' | 'failed';
  notice?: { kind: string; message: string };
  events: ReplicaEvent[];
  listeners: Set<http.ServerResponse>;
}

/** A message the page submitted. */
export interface ReplicaSubmission {
  conversationId: string;
  /** The text as the page sent it (nonce included). */
  text: string;
  turnId: number;
  /** The model / mode the page's picker showed when it sent (sites with a picker). */
  model?: string;
  /** Names of the accepted uploads the message carried. */
  attachments: string[];
  /** Order of arrival among uploads and submissions (one counter for both). */
  sequence: number;
  /** The page's temporary (history-free) chat was on when it sent (skin.temporaryChat). */
  temporary: boolean;
}

/** A file the page uploaded. */
export interface ReplicaUpload {
  id: string;
  name: string;
  mimeType: string;
  size: number;
  /** The bytes as received. */
  data: Buffer;
  /** accepted / refused: what the server answered; pending: never answered (neverConfirm). */
  status: 'accepted' | 'refused' | 'pending';
  /** Order of arrival among uploads and submissions. */
  sequence: number;
}

export interface ReplicaServerOptions {
  /** Folder name under test/browser/replicas/sites. */
  site: string;
  /** Absolute folder holding the skin (app.ts, style.css, title.txt) instead of sites/<site> (test-only skins). */
  siteDirectory?: string;
  scenario?: ReplicaScenario;
  responder?: ReplicaResponder;
  /** 0 (default): an ephemeral port. */
  port?: number;
  /**
   * Where `signIn: 'offHost'` sends a signed-out page, e.g. 'http://accounts.google.com/ServiceLogin'
   * (the redirect keeps this server's port). Default: the site's `signInUrl` in sites.ts.
   */
  signInUrl?: string;
}

export interface ReplicaServer {
  /** Base URL, e.g. http://127.0.0.1:41234/ */
  url: string;
  /** Every message the page submitted, in order. */
  readonly submissions: ReplicaSubmission[];
  /** Every file the page uploaded, in order. */
  readonly uploads: ReplicaUpload[];
  /** Conversations started (POST /api/new) plus the first one. */
  readonly conversationCount: number;
  /** Replaces the scenario (turn counter restarts at 0). */
  setScenario(scenario: ReplicaScenario): void;
  close(): Promise<void>;
}

/** The header carrying a tab's conversation id (page → server, and the one used back). */
const conversationHeader = CONVERSATION_HEADER;
/** How long the page "thinks" again after a preamble gap before the answer node starts. */
const resumeThinkingMs = 300;
/** Default gap after a preamble. */
const defaultPreambleGapMs = 600;

const sitesDirectory = path.join(__dirname, 'sites');
const bundles = new Map<string, Promise<string>>();
let tlsIdentity: TlsIdentity | undefined;

/** Bundles a site's page script once per process. */
function bundleSite(siteDirectory: string): Promise<string> {
  let bundle = bundles.get(siteDirectory);
  if (!bundle) {
    bundle = esbuild
      .build({
        entryPoints: [path.join(siteDirectory, 'app.ts')],
        bundle: true,
        platform: 'browser',
        format: 'iife',
        target: 'es2022',
        write: false,
        logLevel: 'silent',
      })
      .then((result) => result.outputFiles[0]!.text);
    bundles.set(siteDirectory, bundle);
  }
  return bundle;
}

/** The limit notice ChatGPT shows when a Free plan falls back to a smaller model (skins may reword it). */
function limitNoticeMessage(script: ReplicaTurnScript): string {
  return `You've hit the Free plan limit for GPT-5. Responses will use another model until your limit resets after ${script.retryAfter ?? '3:15 PM'}.`;
}

/** Starts a replica site on 127.0.0.1. Stop it with close(). */
export async function startReplicaServer(options: ReplicaServerOptions): Promise<ReplicaServer> {
  const siteDirectory = options.siteDirectory ?? path.join(sitesDirectory, options.site);
  if (!existsSync(path.join(siteDirectory, 'app.ts'))) {
    throw new Error(`No replica site "${options.site}": expected ${path.join(siteDirectory, 'app.ts')}.`);
  }
  const script = await bundleSite(siteDirectory);
  const stylePath = path.join(siteDirectory, 'style.css');
  const style = existsSync(stylePath) ? readFileSync(stylePath, 'utf8') : '';
  const titlePath = path.join(siteDirectory, 'title.txt');
  const title = existsSync(titlePath) ? readFileSync(titlePath, 'utf8').trim() : `${options.site} (replica)`;
  // A site's own bot-check page (its real interstitial's wording), else the generic one.
  const interstitialPath = path.join(siteDirectory, 'interstitial.html');
  const interstitial = existsSync(interstitialPath) ? readFileSync(interstitialPath, 'utf8') : interstitialHtml();
  const signInUrl = options.signInUrl ?? replicaSites.find((entry) => entry.replica === options.site)?.signInUrl;
  const signInHosts = new Set([...knownSignInHosts, ...(signInUrl ? [new URL(signInUrl).hostname] : [])]);

  let scenario: ReplicaScenario = checkScenario(options.scenario ?? {}, signInUrl);
  let turnCounter = 0;
  let loggedIn = scenario.loggedIn ?? !scenario.guest;
  let guest = scenario.guest ?? false;
  let botCheck = scenario.botCheck ?? false;
  let conversationNumber = 1;
  /** The latest conversation started: a tab that has none of its own gets this one. */
  let conversationId = 'conv-1';
  /** The conversation a request is for: the tab's own (x-replica-conversation) if the server started it, else the latest. */
  const conversationOf = (request: http.IncomingMessage): string => {
    const own = request.headers[conversationHeader];
    const match = typeof own === 'string' ? /^conv-(\d+)$/.exec(own) : null;
    return match && Number(match[1]) <= conversationNumber ? match[0] : conversationId;
  };
  const turns: ServerTurn[] = [];
  const submissions: ReplicaSubmission[] = [];
  const uploads: ReplicaUpload[] = [];
  /** Uploads held open (neverConfirm), ended on close. */
  const heldUploads = new Set<http.ServerResponse>();
  let sequence = 0;
  const timers = new Set<NodeJS.Timeout>();
  const sockets = new Set<net.Socket>();
  let closed = false;
  let port = 0;

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

  /** The scenario's script of the `index`-th message (its defaults and its turn), without the responder. */
  function scriptedTurn(index: number): ReplicaTurnScript {
    return { ...scenario.defaults, ...scenario.turns?.[index] };
  }

  async function scriptFor(prompt: string, index: number, current: ServerTurn): Promise<ReplicaTurnScript> {
    let script = scriptedTurn(index);
    if (script.reply === undefined && script.failure === undefined) {
      const responder = options.responder;
      if (responder) {
        const earlier = turns
          .filter((turn) => turn.conversationId === current.conversationId && turn.id < current.id)
          .map((turn) => ({ prompt: turn.userText.replace(NONCE_LINE, ''), reply: turn.preambleText + turn.assistantText }));
        const produced = typeof responder === 'function' ? await responder(prompt, index, earlier) : await responder.call(prompt);
        script = typeof produced === 'string' ? { ...script, reply: produced } : { ...script, ...produced };
      }
    }
    return script;
  }

  /** The reasoning phase: `thinkingMs` long, with the action-bar flash centred in it. */
  async function think(turn: ServerTurn, thinkingMs: number, flashMs: number | undefined): Promise<void> {
    if (!flashMs) return sleep(thinkingMs);
    const lead = Math.max(0, (thinkingMs - flashMs) / 2);
    await sleep(lead);
    emit(turn, { type: 'action_bar', visible: true });
    await sleep(flashMs);
    emit(turn, { type: 'action_bar', visible: false });
    await sleep(thinkingMs - lead - flashMs);
  }

  async function generate(turn: ServerTurn, script: ReplicaTurnScript): Promise<void> {
    const reply = script.reply ?? 'OK';
    const tokenChars = script.tokenChars ?? 4;
    const tokenMs = script.tokenMs ?? 15;
    const failAt = script.failAtChar ?? 0;
    const failMidAnswer = script.failure === 'error_banner' || script.failure === 'network_drop' || script.failure === 'reload';
    emit(turn, { type: 'thinking', ...(script.thinkingText ? { text: script.thinkingText } : {}) });
    await think(turn, script.thinkingMs ?? 0, script.actionBarFlashMs);
    if (script.preamble) {
      turn.status = 'streaming';
      for (const token of tokenize(script.preamble, tokenChars)) {
        if (closed) return;
        turn.preambleText += token;
        emit(turn, { type: 'preamble_token', text: token });
        await sleep(tokenMs);
      }
      emit(turn, { type: 'gap' });
      await sleep(script.preambleGapMs ?? defaultPreambleGapMs);
      emit(turn, { type: 'thinking', ...(script.thinkingText ? { text: script.thinkingText } : {}) });
      await sleep(resumeThinkingMs);
      emit(turn, { type: 'node' });
    }
    turn.status = 'streaming';
    const pauses = [...(script.pauses ?? [])].sort((left, right) => left.atChar - right.atChar);
    const holds = [...(script.holds ?? [])].sort((left, right) => left.atChar - right.atChar);
    let reloaded = false;
    for (const { text: token, block } of answerTokens(reply, tokenChars, script.answerBlocksAt)) {
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
      while (holds.length > 0 && turn.assistantText.length >= holds[0]!.atChar) await holds.shift()!.until;
      if (script.limitNoticeAtChar !== undefined && !turn.notice && turn.assistantText.length >= script.limitNoticeAtChar) {
        turn.notice = { kind: 'limit_notice', message: limitNoticeMessage(script) };
        emit(turn, { type: 'notice', ...turn.notice });
      }
      if (block) {
        turn.blockStarts.push(turn.assistantText.length);
        emit(turn, { type: 'block' });
      }
      turn.assistantText += token;
      emit(turn, { type: 'token', text: token });
      await sleep(tokenMs);
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

  /**
   * From the `usageCapAfter`-th message on (1-based, over the session), the site's usage-cap
   * banner: the script of a refused message, else undefined. It is decided from the scenario
   * alone, before any answer is asked for: a capped site refuses the message at once and runs no
   * model (a slow responder never delays the banner, and is never told of the message).
   */
  function usageCapped(index: number): ReplicaTurnScript | undefined {
    const after = scenario.usageCapAfter;
    if (after === undefined || index + 1 < after) return undefined;
    const script = scriptedTurn(index);
    return { ...script, failure: 'rate_limit', retryAfter: scenario.usageCapRetryAfter ?? script.retryAfter };
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
        guest = false;
        return { kind: 'login', message: 'Your session has expired. Please log in again.' };
      default:
        return undefined;
    }
  }

  /** The off-host sign-in URL a signed-out page goes to, on this server's port; undefined: the page shows its own wall. */
  function signInRedirect(returnPath: string): string | undefined {
    if (loggedIn || guest || scenario.signIn !== 'offHost' || !signInUrl) return undefined;
    const target = new URL(signInUrl);
    target.port = String(port);
    target.searchParams.set('continue', `http://127.0.0.1:${port}${returnPath}`);
    return target.toString();
  }

  const handler = (request: http.IncomingMessage, response: http.ServerResponse): void => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) response.writeHead(500, { 'content-type': 'text/plain' });
      response.end(String(error));
    });
  };
  const plainServer = http.createServer(handler);
  tlsIdentity ??= createSelfSignedIdentity(replicaForeignHosts());
  const secureServer = https.createServer(tlsIdentity, handler);
  // One port for both: a TLS connection starts with a handshake record (0x16).
  const front = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    socket.once('data', (chunk) => {
      socket.pause();
      socket.unshift(chunk);
      (chunk[0] === 0x16 ? secureServer : plainServer).emit('connection', socket);
      process.nextTick(() => socket.resume());
    });
  });

  function readBytes(request: http.IncomingMessage): Promise<Buffer> {
    return new Promise((resolve, reject) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => resolve(Buffer.concat(chunks)));
      request.on('error', reject);
    });
  }

  async function readBody(request: http.IncomingMessage): Promise<string> {
    return (await readBytes(request)).toString('utf8');
  }

  /** Records an uploaded file and answers it as scenario.uploads says. */
  async function receiveUpload(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
    const data = await readBytes(request);
    const name = decodeURIComponent(String(request.headers['x-file-name'] ?? 'file'));
    const mimeType = String(request.headers['content-type'] ?? 'application/octet-stream');
    const rules = scenario.uploads ?? {};
    const upload: ReplicaUpload = { id: `file-${uploads.length + 1}`, name, mimeType, size: data.length, data, status: 'pending', sequence: ++sequence };
    uploads.push(upload);
    const answer = (body: Record<string, unknown>): void => {
      response.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      response.end(JSON.stringify(body));
    };
    await sleep(rules.delayMs ?? 150);
    if (closed) return;
    if (rules.neverConfirm) {
      heldUploads.add(response);
      response.on('close', () => heldUploads.delete(response));
      return;
    }
    if (rules.maxFileBytes !== undefined && data.length > rules.maxFileBytes) {
      upload.status = 'refused';
      return answer({ status: 'refused', kind: 'too_large', message: `${name} is too large: files can be at most ${rules.maxFileBytes} bytes.` });
    }
    const accepted = rules.acceptTypes === undefined || rules.acceptTypes.some((type) => (type.endsWith('/') ? mimeType.startsWith(type) : mimeType === type));
    if (!accepted) {
      upload.status = 'refused';
      return answer({ status: 'refused', kind: 'unsupported_type', message: `${name}: files of this type (${mimeType}) are not supported.` });
    }
    upload.status = 'accepted';
    answer({ status: 'accepted', id: upload.id });
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

  const html = (response: http.ServerResponse, body: string): void => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    response.end(body);
  };

  /** The redesigned page's script and CSS, once the scenario's redesign is due (redesignAfterTurn). */
  async function redesigned(): Promise<{ script: string; style: string } | undefined> {
    const after = scenario.redesignAfterTurn;
    if (after === undefined || turns.filter((turn) => turn.status === 'done').length < after) return undefined;
    const folder = path.join(sitesDirectory, scenario.redesignSite ?? 'madeup-parrot');
    const stylePath = path.join(folder, 'style.css');
    return { script: await bundleSite(folder), style: existsSync(stylePath) ? readFileSync(stylePath, 'utf8') : '' };
  }

  async function handle(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const hostname = (request.headers.host ?? '127.0.0.1').replace(/:\d+$/, '').toLowerCase();
    if (hostname === cloudflareChallengeHost) return html(response, emptyChallengeHtml());
    if (signInHosts.has(hostname)) return html(response, signInPageHtml(hostname));
    const route = `${request.method} ${url.pathname}`;
    const json = (status: number, body: unknown, conversation?: string): void => {
      response.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store', ...(conversation ? { [conversationHeader]: conversation } : {}) });
      response.end(JSON.stringify(body));
    };
    if (route === 'GET /replica/app.js') {
      const redesign = await redesigned();
      response.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-store' });
      response.end(redesign?.script ?? script);
    } else if (route === 'GET /replica/style.css') {
      const redesign = await redesigned();
      response.writeHead(200, { 'content-type': 'text/css; charset=utf-8', 'cache-control': 'no-store' });
      response.end(redesign?.style ?? style);
    } else if (request.method === 'GET' && url.pathname.startsWith('/cdn-cgi/challenge-platform/')) {
      response.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' });
      response.end('');
    } else if (route === 'GET /api/session') {
      let conversation = conversationOf(request);
      const ownAsked = request.headers[conversationHeader] !== undefined;
      if (!ownAsked && turns.some((turn) => turn.conversationId === conversation && (turn.status === 'thinking' || turn.status === 'streaming'))) {
        // A new tab while another tab generates in the latest chat: a chat of its own, as a
        // real site's home page starts one (the running chat stays at its /c/<id> address).
        conversationNumber++;
        conversationId = `conv-${conversationNumber}`;
        conversation = conversationId;
      }
      json(200, {
        loggedIn,
        guest,
        signInUrl: signInRedirect('/') ?? null,
        conversationId: conversation,
        maxPromptChars: scenario.maxPromptChars ?? null,
        ignoreFirstSubmit: scenario.ignoreFirstSubmit ?? false,
        composerLimit: scenario.composerLimit ?? null,
        virtualizeAfterChars: scenario.virtualizeAfterChars ?? null,
        turns: turns
          .filter((turn) => turn.conversationId === conversation)
          .map((turn) => ({
            id: turn.id,
            user: turn.userText,
            preamble: turn.preambleText || undefined,
            assistant: turn.assistantText,
            blocksAt: turn.blockStarts,
            status: turn.status,
            notice: turn.notice,
            error: errorOf(turn),
          })),
        },
        conversation,
      );
    } else if (route === 'POST /api/upload') {
      if (!loggedIn && !guest) return json(401, { error: 'login' });
      await receiveUpload(request, response);
    } else if (route === 'POST /api/new') {
      conversationNumber++;
      conversationId = `conv-${conversationNumber}`;
      json(200, { conversationId }, conversationId);
    } else if (route === 'POST /api/verify') {
      botCheck = false;
      json(200, { ok: true });
    } else if (route === 'POST /api/conversation') {
      if (!loggedIn && !guest) return json(401, { error: 'login' });
      const body = JSON.parse(await readBody(request)) as { text: string; model?: string; attachments?: string[]; temporary?: boolean };
      const index = turnCounter++;
      const conversation = conversationOf(request);
      const turn: ServerTurn = { id: turns.length + 1, conversationId: conversation, userText: body.text, preambleText: '', assistantText: '', blockStarts: [], status: 'thinking', events: [], listeners: new Set() };
      turns.push(turn);
      const attached = (body.attachments ?? []).map((id) => uploads.find((upload) => upload.id === id && upload.status === 'accepted')?.name ?? `unknown upload ${id}`);
      submissions.push({ conversationId: conversation, text: body.text, turnId: turn.id, ...(body.model ? { model: body.model } : {}), attachments: attached, sequence: ++sequence, temporary: body.temporary === true });
      const prompt = body.text.replace(NONCE_LINE, '');
      if (scenario.maxPromptChars !== undefined && body.text.length > scenario.maxPromptChars) {
        attach(turn, response);
        return fail(turn, 'prompt_too_long', `The message you submitted was too long, please reload the conversation and submit something shorter (limit ${scenario.maxPromptChars} characters).`);
      }
      const script = usageCapped(index) ?? (await scriptFor(prompt, index, turn));
      const failure = failureMessage(script);
      attach(turn, response);
      if (failure) return fail(turn, failure.kind, failure.message);
      void generate(turn, script);
    } else if (route === 'GET /api/stream') {
      const turn = turns.find((candidate) => candidate.id === Number(url.searchParams.get('turn')));
      if (!turn) return json(404, { error: 'no such turn' });
      attach(turn, response);
    } else if (request.method === 'GET' && (url.pathname === '/' || url.pathname.startsWith('/c/'))) {
      if (botCheck) return html(response, interstitial);
      const redirect = signInRedirect(url.pathname + url.search);
      if (redirect) {
        response.writeHead(302, { location: redirect, 'cache-control': 'no-store' });
        return void response.end();
      }
      html(response, appHtml(title, { cloudflareNoise: scenario.cloudflareNoise, port }));
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
    front.once('error', reject);
    front.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  port = (front.address() as net.AddressInfo).port;

  return {
    url: `http://127.0.0.1:${port}/`,
    submissions,
    uploads,
    get conversationCount() {
      return conversationNumber;
    },
    setScenario(next) {
      scenario = checkScenario(next, signInUrl);
      turnCounter = 0;
      loggedIn = next.loggedIn ?? !next.guest;
      guest = next.guest ?? false;
      botCheck = next.botCheck ?? false;
    },
    async close() {
      closed = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      for (const turn of turns) for (const listener of turn.listeners) listener.destroy();
      for (const held of heldUploads) held.destroy();
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => front.close(() => resolve()));
    },
  };
}

/** Refuses a scenario the server cannot play (an off-host sign-in without a sign-in URL). */
function checkScenario(scenario: ReplicaScenario, signInUrl: string | undefined): ReplicaScenario {
  if (scenario.signIn === 'offHost' && !signInUrl) {
    throw new Error("Scenario signIn 'offHost' needs a sign-in URL: the signInUrl option of startReplicaServer or the site's signInUrl in sites.ts.");
  }
  return scenario;
}
