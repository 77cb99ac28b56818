/**
 * The Claude replica's model selector (current page).
 *
 * Evidence:
 * - TOK  jazelly/tokenless test/fixtures/provider-dom/claude/signed-in-free/model-menu-open.html
 *        @6413e3dc (observed 2026-07-17, free plan): `button[data-testid="model-selector-dropdown"]
 *        [type=button][aria-haspopup=menu][aria-expanded]`, aria-label "Model: Haiku 4.5", text
 *        "Haiku 4.5"; `div[role=menu]` of `div[role=menuitemradio][aria-checked]` whose spans are
 *        the model ("Fable 5", "Opus 4.8", "Sonnet 5", "Haiku 4.5") then, for paid ones, "Pro" and
 *        "Upgrade"; thinking-effort-menu-open.html: the label grows the effort ("Model: Sonnet 5
 *        Medium") while the text stays "Sonnet 5".
 *
 * Inferred (my choices): the menu sits at the end of the body in a Radix popper wrapper; a paid
 * model on the free plan opens an "Upgrade" dialog (Escape closes it) and the model does not
 * change; the effort submenu and the Thinking switch are not reproduced; a fresh profile starts on
 * Sonnet 5; the choice is kept in localStorage.
 */
import { openMenu, rememberChoice, rememberedChoice, type OpenMenu } from '../../shared/modelMenu';
import { element } from './pieces';

/** The models of the free plan's menu (TOK): name, and whether it needs an upgrade. */
const MODELS: ReadonlyArray<[name: string, paid: boolean]> = [
  ['Fable 5', true],
  ['Opus 4.8', true],
  ['Sonnet 5', false],
  ['Haiku 4.5', false],
];

/** The "Upgrade" dialog a paid model opens on the free plan; Escape closes it. */
function showUpgradeDialog(name: string): void {
  document.querySelector('[data-replica-upgrade]')?.remove();
  const dialog = element('div', { role: 'dialog', 'aria-modal': 'true', 'aria-label': 'Upgrade', 'data-replica-upgrade': '', class: 'upgrade-dialog' });
  dialog.append(element('h2', {}, `Upgrade to Pro to use ${name}`), element('a', { href: '/upgrade' }, 'Upgrade'));
  const onKey = (event: KeyboardEvent): void => {
    if (event.key !== 'Escape') return;
    dialog.remove();
    document.removeEventListener('keydown', onKey, true);
  };
  document.addEventListener('keydown', onKey, true);
  document.body.append(dialog);
}

/** Makes `button` the model selector; returns the chosen model's name (for the submissions). */
export function attachClaudeModelPicker(button: HTMLButtonElement): () => string {
  let model = rememberedChoice('claude-model', 'Sonnet 5');
  let open: OpenMenu | undefined;

  const show = (): void => {
    button.textContent = model;
    button.setAttribute('aria-label', `Model: ${model}`);
  };

  button.addEventListener('click', () => {
    if (open && !open.closed) {
      open.close();
      return;
    }
    const wrapper = element('div', { 'data-radix-popper-content-wrapper': '', class: 'model-menu-wrapper' });
    const menu = element('div', { role: 'menu', 'aria-orientation': 'vertical', class: 'model-menu' });
    for (const [name, paid] of MODELS) {
      const item = element('div', { role: 'menuitemradio', 'aria-checked': String(name === model), tabindex: '-1', class: 'model-menu-item' });
      item.append(element('span', {}, name));
      if (paid) item.append(element('span', { class: 'badge' }, 'Pro'), element('span', { class: 'upgrade' }, 'Upgrade'));
      item.addEventListener('click', () => {
        open?.close();
        if (paid) {
          showUpgradeDialog(name);
          return;
        }
        model = name;
        rememberChoice('claude-model', name);
        show();
      });
      menu.append(item);
    }
    wrapper.append(menu);
    open = openMenu(button, wrapper, { onClose: () => (open = undefined) });
  });
  show();
  return () => model;
}
