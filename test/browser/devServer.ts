/**
 * A user's dev server for the web tools' tests (127.0.0.1, a free port): a page with a console
 * error, a broken image, a form and a link that redirects to `chatUrl`; a page JavaScript builds
 * from an API; a page embedding a frame of another host; a page that shows the cookie and local storage it sees. It records each request's
 * Cookie header.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

const DEV_PAGE = `<!doctype html><html><head><title>My dev app</title></head><body>
<h1>Dashboard</h1>
<p>Welcome to the <strong>dev</strong> build.</p>
<img src="/missing.png" alt="logo">
<label>Name <input id="name" placeholder="Your name"></label>
<button id="greet" onclick="document.getElementById('out').textContent = 'Hello, ' + document.getElementById('name').value + '!'; setTimeout(() => { const done = document.createElement('p'); done.id = 'done'; done.textContent = 'Greeting done'; document.body.appendChild(done); }, 50)">Greet</button>
<p id="out"></p>
<a href="/redirect-to-chat">Open the chat</a>
<script>console.error('boom: the dev page failed to load its config');</script>
</body></html>`;

const SPA_PAGE = `<!doctype html><html><head><title>Docs</title></head><body><div id="app">Loading…</div>
<script>fetch('/api/guide').then((response) => response.json()).then((guide) => {
  document.title = guide.title;
  document.getElementById('app').innerHTML = '<h1>' + guide.title + '</h1><ul>' + guide.steps.map((step) => '<li>' + step + '</li>').join('') + '</ul>';
});</script></body></html>`;

/** The user's dev server (127.0.0.1): the pages above, a cookie echo, a redirect to `chatUrl`. */
export interface DevServer {
  url: string;
  /** The Cookie header of every request, by path. */
  cookies: Array<{ path: string; cookie: string | undefined }>;
  chatUrl: string;
  close(): Promise<void>;
}

export async function startDevServer(): Promise<DevServer> {
  const cookies: DevServer['cookies'] = [];
  const state = { chatUrl: 'http://127.0.0.1:1/' };
  const server: Server = createServer((request: IncomingMessage, response) => {
    const path = (request.url ?? '/').split('?')[0]!;
    cookies.push({ path, cookie: request.headers.cookie });
    const send = (status: number, type: string, body: string) => {
      response.writeHead(status, { 'content-type': type });
      response.end(body);
    };
    if (path === '/') return send(200, 'text/html', DEV_PAGE);
    if (path === '/spa') return send(200, 'text/html', SPA_PAGE);
    if (path === '/embed') return send(200, 'text/html', '<!doctype html><title>Embed</title><h1>Video guide</h1><iframe src="https://video.example/embed/1"></iframe>');
    if (path === '/api/guide') return send(200, 'application/json', JSON.stringify({ title: 'Getting started', steps: ['Install the CLI', 'Run the dev server'] }));
    if (path === '/storage') return send(200, 'text/html', '<!doctype html><title>storage</title><p id="seen"></p><script>document.getElementById("seen").textContent = "storage: " + (localStorage.getItem("chat-session") ?? "none") + "; cookie: " + (document.cookie || "none");</script>');
    if (path === '/redirect-to-chat') {
      response.writeHead(302, { location: state.chatUrl });
      return response.end();
    }
    return send(404, 'text/plain', 'not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    cookies,
    get chatUrl() {
      return state.chatUrl;
    },
    set chatUrl(value: string) {
      state.chatUrl = value;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
