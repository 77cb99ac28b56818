/**
 * Pieces the replicas of sites known only through bridges' selectors share (Grok, Le Chat, Qwen
 * Chat, Kimi): the parts of their pages no source shows, drawn the same plain way on each and
 * marked INFERRED in each skin's header: a code block's header (language + Copy), page notices as
 * `div[role=alert]` in one notifications region, and the element / icon helpers.
 */
import type { ReplicaAssistantTurn, ReplicaSkin } from './app';

/** Creates an element with attributes and optional text. */
export function element<K extends keyof HTMLElementTagNameMap>(tag: K, attributes: Record<string, string> = {}, text?: string): HTMLElementTagNameMap[K] {
  const created = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) created.setAttribute(name, value);
  if (text !== undefined) created.textContent = text;
  return created;
}

/** An inline SVG icon of one shape (a `path` with its `d`, or a `rect`). */
export function svgShape(tag: 'path' | 'rect', attributes: Record<string, string>, viewBox = '0 0 24 24'): SVGSVGElement {
  const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  svg.setAttribute('viewBox', viewBox);
  const drawn = document.createElementNS('http://www.w3.org/2000/svg', tag);
  for (const [name, value] of Object.entries(attributes)) drawn.setAttribute(name, value);
  svg.append(drawn);
  return svg;
}

/** The notifications region the page's notices go to (append it to the page's root). */
export function notificationsRegion(): HTMLElement {
  return element('section', { class: 'replica-notifications', 'aria-label': 'Notifications' });
}

/** A code block with a header holding its language and a Copy button, above the code. */
export const decorateCodeBlock: ReplicaSkin['decorateCodeBlock'] = (pre, language, copy) => {
  const block = element('div', { class: 'not-prose relative rounded-md' });
  const header = element('div', { class: 'flex justify-between items-center' });
  header.append(element('span', { class: 'text-xs' }, language));
  const copyButton = element('button', { type: 'button', 'aria-label': 'Copy code' }, 'Copy');
  copyButton.addEventListener('click', copy);
  header.append(copyButton);
  pre.replaceWith(block);
  block.append(header, pre);
};

/** Page notices: a `div[role=alert]` each, in the notifications region. */
export const showBanner: ReplicaSkin['showBanner'] = (_shell, kind, message) => {
  document.querySelector('section.replica-notifications')!.append(element('div', { role: 'alert', 'data-kind': kind }, message));
};

/** Removes the page notices. */
export const clearBanners: ReplicaSkin['clearBanners'] = () => {
  document.querySelector('section.replica-notifications')?.replaceChildren();
};

/** The composer's send / stop place: one of the two is in the page at a time. */
export class SendStopSlot {
  private slot: HTMLElement | undefined;
  private send: HTMLElement | undefined;
  private stop: HTMLElement | undefined;

  /** Puts `send` in `slot` (the page's idle state) and keeps the three for the swaps. */
  mount(slot: HTMLElement, send: HTMLElement, stop: HTMLElement): void {
    this.slot = slot;
    this.send = send;
    this.stop = stop;
    slot.replaceChildren(send);
  }

  /** The skin's setGenerating: stop while generating, send otherwise. */
  readonly setGenerating: ReplicaSkin['setGenerating'] = (_shell, generating) => {
    if (this.slot && this.send && this.stop) this.slot.replaceChildren(generating ? this.stop : this.send);
  };
}

/**
 * The handle of an assistant turn: `drawFooter` adds the turn's footer once (done or stopped),
 * an error is a `div[role=alert]` appended to `errorsIn`.
 */
export function assistantTurnHandle(turn: HTMLElement, content: HTMLElement, drawFooter: (copy: () => void) => void, errorsIn: HTMLElement): ReplicaAssistantTurn {
  let finished = false;
  return {
    content,
    listItem: turn,
    setStreaming(streaming) {
      turn.toggleAttribute('data-replica-streaming', streaming);
    },
    finish(copy) {
      if (finished) return;
      finished = true;
      drawFooter(copy);
    },
    showError(message) {
      errorsIn.append(element('div', { role: 'alert' }, message));
    },
  };
}

/**
 * The side bar with the new-chat link (`nav > a[href]`; the app wires its click, so the link
 * itself does not navigate) and any other links given as [href, text].
 */
export function sideNav(newChatHref: string, newChatLabel: string, ...links: [href: string, text: string][]): { nav: HTMLElement; newChat: HTMLElement } {
  const nav = element('nav', { class: 'sidebar' });
  const newChat = element('a', { href: newChatHref, 'aria-label': newChatLabel }, newChatLabel);
  newChat.addEventListener('click', (event) => event.preventDefault());
  nav.append(newChat, ...links.map(([href, text]) => element('a', { href }, text)));
  return { nav, newChat };
}
