/** What the renderer tests share: the handlers a test does not look at, doing nothing. */
import type { ChatRenderer } from '../../../src/webview/render';

type RenderHandlers = ConstructorParameters<typeof ChatRenderer>[2];

/** The required handlers as no-ops, with `overrides` (the ones a test records) on top. */
export function quietHandlers(overrides: Partial<RenderHandlers> = {}): RenderHandlers {
  return { approve: () => undefined, reject: () => undefined, openDiff: () => undefined, action: () => undefined, copy: () => undefined, ...overrides };
}
