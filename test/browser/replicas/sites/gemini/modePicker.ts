/**
 * The Gemini replica's mode picker (lr26 page).
 *
 * Evidence:
 * - TOK  jazelly/tokenless test/fixtures/provider-dom/gemini/signed-in-unknown/model-menu-open.html
 *        @7c808aa2 (observed 2026-07-17): `button[data-test-id="bard-mode-menu-button"]
 *        [aria-haspopup=menu][aria-expanded]`, aria-label "Open mode picker, currently Pro", text
 *        "Pro"; `div[role=menu]` of `gem-menu-item[role=menuitem][data-mode-id]
 *        [data-test-id="bard-mode-option-<id>"][data-active][aria-disabled]` > `gem-menu-item-content`
 *        (`.selected` on the chosen one, with a "Selected" span) > `span.label` "3.1 Flash-Lite",
 *        "3.5 Flash", "3.1 Pro" (data-active is the keyboard highlight, not the choice);
 *        signed-out-guest/mode-picker.html @f660f76c (2026-07-28): a guest starts on
 *        "currently Flash-Lite";
 * - CWC  robertpiosik/CodeWebChat chatbots/gemini.ts @25d353db: `bard-mode-switcher button`
 *        opens a `gem-menu` whose `[role=menuitem] .label` names the mode;
 * - W2A  Amm1rr/WebAI-to-API gemini_scripts.py @e9dd7f3c: `button[aria-label*="Open mode picker"]`.
 *
 * Inferred (my choices): the menu sits in the page's `.cdk-overlay-container` inside a
 * `.cdk-overlay-pane > gem-menu`; a signed-in profile starts on Flash; the trigger's short label
 * is the label without its version ("3.5 Flash" → "Flash"); the choice is kept in localStorage.
 * Extended thinking (a further menu item in the real picker) is not reproduced.
 */
import { openMenu, rememberChoice, rememberedChoice, type OpenMenu } from '../../shared/modelMenu';
import { custom, element } from './skin';

/** One mode of the picker: its id, its label in the menu, its short label on the trigger. */
export interface GeminiMode {
  id: string;
  label: string;
  short: string;
}

/** The modes of the July 2026 capture (TOK). */
export const LR26_MODES: readonly GeminiMode[] = [
  { id: 'flash-lite', label: '3.1 Flash-Lite', short: 'Flash-Lite' },
  { id: 'flash', label: '3.5 Flash', short: 'Flash' },
  { id: 'pro', label: '3.1 Pro', short: 'Pro' },
];

/**
 * Makes `button` the mode picker; its menu opens in `overlay`. Returns the chosen mode's label
 * (for the submissions).
 */
export function attachGeminiModePicker(button: HTMLButtonElement, overlay: HTMLElement, modes: readonly GeminiMode[], options: { guest?: boolean }): () => string {
  const fallback = options.guest ? 'flash-lite' : 'flash';
  let chosen = modes.find((mode) => mode.id === rememberedChoice('gemini-mode', fallback)) ?? modes[0]!;
  let open: OpenMenu | undefined;

  const show = (): void => {
    button.textContent = chosen.short;
    button.setAttribute('aria-label', `Open mode picker, currently ${chosen.short}`);
  };

  button.setAttribute('aria-haspopup', 'menu');
  button.setAttribute('aria-expanded', 'false');
  button.addEventListener('click', () => {
    if (open && !open.closed) {
      open.close();
      return;
    }
    const pane = element('div', { class: 'cdk-overlay-pane' });
    const menuHost = custom('gem-menu', {});
    const menu = element('div', { role: 'menu', class: 'gem-menu-panel' });
    for (const [index, mode] of modes.entries()) {
      const item = custom('gem-menu-item', { role: 'menuitem', 'data-mode-id': mode.id, 'data-test-id': `bard-mode-option-${mode.id}`, 'data-active': String(index === 0), 'aria-disabled': 'false', tabindex: '-1' });
      const content = custom('gem-menu-item-content', mode === chosen ? { class: 'selected' } : {});
      content.append(element('span', { class: 'label' }, mode.label));
      if (mode === chosen) content.append(element('span', {}, 'Selected'));
      item.append(content);
      item.addEventListener('click', () => {
        chosen = mode;
        rememberChoice('gemini-mode', mode.id);
        show();
        open?.close();
      });
      menu.append(item);
    }
    menuHost.append(menu);
    pane.append(menuHost);
    open = openMenu(button, pane, { container: overlay, onClose: () => (open = undefined) });
  });
  show();
  return () => chosen.label;
}
