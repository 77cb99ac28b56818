/**
 * Open WebUI replica pieces: the element helper, the composer's controls (send / stop / voice
 * mode, one shown at a time as MessageInput.svelte renders them), the sign-in page and the
 * notifications. Evidence and what is inferred: the header of ./app.ts.
 */

/** Creates an element with attributes and optional text. */
export function element<K extends keyof HTMLElementTagNameMap>(tag: K, attributes: Record<string, string> = {}, text?: string): HTMLElementTagNameMap[K] {
  const created = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) created.setAttribute(name, value);
  if (text !== undefined) created.textContent = text;
  return created;
}

/** An outline icon (the page draws every control as an inline SVG path). */
export function icon(path: string, viewBox = '0 0 24 24'): SVGSVGElement {
  const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  svg.setAttribute('viewBox', viewBox);
  svg.setAttribute('fill', 'currentColor');
  svg.setAttribute('class', 'size-5');
  const drawn = document.createElementNS('http://www.w3.org/2000/svg', 'path');
  drawn.setAttribute('d', path);
  svg.append(drawn);
  return svg;
}

/** The stop-circle icon of the stop control (its path's start is what the adapter recognises). */
const STOP_PATH = 'M2.25 12c0-5.385 4.365-9.75 9.75-9.75s9.75 4.365 9.75 9.75-4.365 9.75-9.75 9.75S2.25 17.385 2.25 12zm6-2.438c0-.724.588-1.312 1.313-1.312h4.874c.725 0 1.313.588 1.313 1.313v4.874c0 .725-.588 1.313-1.313 1.313H9.564a1.312 1.312 0 01-1.313-1.313V9.564z';
/** The arrow-up icon of the send control. */
const SEND_PATH = 'M8 14a.75.75 0 0 1-.75-.75V4.56L4.03 7.78a.75.75 0 0 1-1.06-1.06l4.5-4.5a.75.75 0 0 1 1.06 0l4.5 4.5a.75.75 0 0 1-1.06 1.06L8.75 4.56v8.69A.75.75 0 0 1 8 14Z';

/** The composer's end controls: exactly one of stop, voice mode, send is in the page at a time. */
export interface OpenWebUiControls {
  box: HTMLElement;
  send: HTMLButtonElement;
  stop: HTMLButtonElement;
  /** Shows the control MessageInput shows for this state. */
  show(state: { generating: boolean; empty: boolean }): void;
}

/**
 * `div.self-end.flex` with the dictate button (only while nothing is generating) and one
 * `div.flex.items-center` > Tooltip `div.flex` holding stop (no id, label or type), voice mode
 * (`aria-label="Call"`, while prompt and files are empty) or `button#send-message-button
 * [type=submit]`. Svelte removes the controls it does not render: so does this.
 */
export function composerControls(): OpenWebUiControls {
  const box = element('div', { class: 'self-end flex space-x-1 mr-1 shrink-0' });
  const dictate = element('button', { id: 'voice-input-button', type: 'button', 'aria-label': 'Voice Input', class: 'transition rounded-full p-1.5 mr-0.5 self-center' });
  dictate.append(icon('M7 4a3 3 0 016 0v6a3 3 0 11-6 0V4z', '0 0 20 20'));
  const holder = element('div', { class: 'flex items-center' });
  const tooltip = element('div', { class: 'flex' });
  holder.append(tooltip);
  const stop = element('button', { class: 'bg-white hover:bg-gray-100 text-gray-800 transition rounded-full p-1.5' });
  stop.append(icon(STOP_PATH));
  const call = element('button', { type: 'button', 'aria-label': 'Call', class: 'bg-black text-white transition rounded-full p-1.5 self-center' });
  call.append(icon('M12 3a9 9 0 0 0-9 9v6a3 3 0 0 0 3 3h1v-8H5v-1a7 7 0 0 1 14 0v1h-2v8h1a3 3 0 0 0 3-3v-6a9 9 0 0 0-9-9Z'));
  const send = element('button', { id: 'send-message-button', type: 'submit', class: 'bg-black text-white transition rounded-full p-1.5 self-center' });
  send.append(icon(SEND_PATH, '0 0 16 16'));
  return {
    box,
    send,
    stop,
    show({ generating, empty }) {
      const shown = generating ? stop : empty ? call : send;
      if (generating) dictate.remove();
      else if (!dictate.isConnected) box.prepend(dictate);
      if (!holder.isConnected) box.append(holder);
      if (tooltip.firstChild !== shown) tooltip.replaceChildren(shown);
    },
  };
}

/**
 * The sign-in page at /auth (src/routes/auth/+page.svelte@54871846): `input#email[type=email]
 * [autocomplete=email]`, `input#password[name=password]`, a "Sign in" submit button. The address
 * is set to /auth without a reload, as the app's redirect leaves it (INFERRED: the redirect itself
 * is not read).
 */
export function mountOpenWebUiSignIn(root: HTMLElement): void {
  if (location.pathname !== '/auth') history.replaceState(null, '', '/auth');
  const form = element('form', { class: 'flex flex-col justify-center' });
  form.addEventListener('submit', (event) => event.preventDefault());
  form.append(
    element('div', { class: 'mb-1 text-2xl font-medium' }, 'Sign in to Open WebUI'),
    element('label', { for: 'email', class: 'text-sm font-medium text-left mb-1 block' }, 'Email'),
    element('input', { type: 'email', id: 'email', autocomplete: 'email', name: 'email', placeholder: 'Enter Your Email', required: '' }),
    element('label', { for: 'password', class: 'text-sm font-medium text-left mb-1 block' }, 'Password'),
    element('input', { type: 'password', id: 'password', name: 'password', autocomplete: 'current-password', placeholder: 'Enter Your Password', required: '' }),
    element('button', { type: 'submit', class: 'w-full rounded-full font-medium text-sm py-2.5' }, 'Sign in'),
  );
  root.append(form);
}

/**
 * svelte-sonner's toaster (Open WebUI's `toast.error(...)`): `ol[data-sonner-toaster]` of
 * `li[data-sonner-toast][data-type]`. The library's markup, INFERRED for Open WebUI (no capture).
 */
export function toaster(): HTMLElement {
  const section = element('section', { 'aria-label': 'Notifications alt+T', tabindex: '-1' });
  section.append(element('ol', { 'data-sonner-toaster': 'true', dir: 'ltr' }));
  return section;
}

/** Adds one toast; `type` is svelte-sonner's (error, info…). */
export function toast(toasts: HTMLElement, type: string, message: string, kind: string): void {
  const item = element('li', { 'data-sonner-toast': '', 'data-type': type, 'data-kind': kind, role: 'status', 'aria-live': 'polite' });
  item.append(element('div', { 'data-content': '' }, message));
  toasts.querySelector('ol')!.append(item);
}
