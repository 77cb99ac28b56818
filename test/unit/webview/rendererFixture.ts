/** What the renderer tests share: the handlers a test does not look at, doing nothing. */
import { createMarkdownRenderer, type WindowLike } from '../../../src/webview/markdown';
import { ChatRenderer } from '../../../src/webview/render';

type RenderHandlers = ConstructorParameters<typeof ChatRenderer>[2];

/** The required handlers as no-ops, with `overrides` (the ones a test records) on top. */
export function quietHandlers(overrides: Partial<RenderHandlers> = {}): RenderHandlers {
  return { approve: () => undefined, reject: () => undefined, openDiff: () => undefined, action: () => undefined, copy: () => undefined, ...overrides };
}

/** A renderer on the emptied element `#list` of `window`'s page, with `handlers` over the quiet ones. */
export function rendererOnList(window: WindowLike & { document: Document }, handlers: Partial<RenderHandlers> = {}): { list: HTMLElement; renderer: ChatRenderer } {
  const list = window.document.getElementById('list') as HTMLElement;
  list.replaceChildren();
  return { list, renderer: new ChatRenderer(list, createMarkdownRenderer(window), quietHandlers(handlers)) };
}
