/**
 * The ChatGPT replica's model picker (current page).
 *
 * Evidence:
 * - TOK  jazelly/tokenless test/fixtures/provider-dom/chatgpt/signed-in-paid/model-menu-open.html
 *        and thinking-effort-menu-open.html @6413e3dc, observed 2026-07-17 (Plus plan): the
 *        composer pill `button.__composer-pill[type=button][aria-haspopup=menu][aria-expanded]`
 *        shows the effort ("High"); its menu (`div[role=menu]`) holds `menuitemradio`s
 *        `[aria-checked]` "Instant" (+ a secondary "5.5" span), "Medium", "High", then the current
 *        model's row `div[role=menuitem][aria-haspopup=menu]` "GPT-5.6 Sol", which opens a second
 *        `div[role=menu]` right after the first with the model radios "GPT-5.6 Sol", "GPT-5.5",
 *        "GPT-5.4" (+ "Leaving on July 23"), "GPT-5.3", "o3". Primary and secondary texts are
 *        separate spans (its provenance note);
 * - ORA  steipete/oracle src/browser/constants.ts @083bba7e (pill selector added in f7efb31d,
 *        2026-05): `[data-testid="model-switcher-dropdown-button"]` first, then the pill; menus
 *        `[role=menu]` with `[role=menuitemradio]` items.
 *
 * Inferred (my choices): the header switcher opens the same menu as the pill and its aria-label
 * "Model selector, current model is <model>" names the model (no 2026 capture shows the
 * header button's label); the submenu opens on a click (Radix also opens it on hover); menus sit
 * at the end of the body, fixed over the page; a fresh profile starts on GPT-5.6 Sol / High; the
 * choice is kept in localStorage for the next chat.
 */
import { openMenu, rememberChoice, rememberedChoice, type OpenMenu } from '../../shared/modelMenu';

/** Efforts of the first menu: name and secondary text (TOK). */
const EFFORTS: ReadonlyArray<[string, string?]> = [['Instant', '5.5'], ['Medium'], ['High']];
/** Models of the submenu (TOK). */
const MODELS: ReadonlyArray<[string, string?]> = [['GPT-5.6 Sol'], ['GPT-5.5'], ['GPT-5.4', 'Leaving on July 23'], ['GPT-5.3'], ['o3']];

function item(role: 'menuitemradio' | 'menuitem', primary: string, secondary: string | undefined, checked?: boolean): HTMLElement {
  const node = document.createElement('div');
  node.setAttribute('role', role);
  node.setAttribute('tabindex', '-1');
  node.className = 'replica-menu-item';
  if (checked !== undefined) node.setAttribute('aria-checked', String(checked));
  const first = document.createElement('span');
  first.textContent = primary;
  node.append(first);
  if (secondary) {
    const second = document.createElement('span');
    second.className = 'secondary';
    second.textContent = secondary;
    node.append(second);
  }
  return node;
}

function menuPanel(className: string): HTMLElement {
  const panel = document.createElement('div');
  panel.setAttribute('role', 'menu');
  panel.setAttribute('data-radix-menu-content', '');
  panel.className = `replica-menu ${className}`;
  return panel;
}

/**
 * Wires the header switcher and the composer pill to one picker. Returns what the page shows as
 * chosen ("GPT-5.5 · High") for the submissions.
 */
export function attachChatgptModelPicker(switcher: HTMLButtonElement, pill: HTMLButtonElement): () => string {
  let model = rememberedChoice('chatgpt-model', 'GPT-5.6 Sol');
  let effort = rememberedChoice('chatgpt-effort', 'High');
  let open: OpenMenu | undefined;

  const showChoice = (): void => {
    switcher.setAttribute('aria-label', `Model selector, current model is ${model}`);
    pill.replaceChildren(Object.assign(document.createElement('span'), { textContent: effort }));
  };

  const choose = (kind: 'model' | 'effort', value: string): void => {
    if (kind === 'model') model = value;
    else effort = value;
    rememberChoice(`chatgpt-${kind}`, value);
    showChoice();
    open?.close();
  };

  const toggle = (trigger: HTMLButtonElement): void => {
    if (open && !open.closed) {
      open.close();
      return;
    }
    const main = menuPanel('replica-menu-main');
    for (const [name, secondary] of EFFORTS) {
      const radio = item('menuitemradio', name, secondary, name === effort);
      radio.addEventListener('click', () => choose('effort', name));
      main.append(radio);
    }
    const modelRow = item('menuitem', model, undefined);
    modelRow.setAttribute('aria-haspopup', 'menu');
    modelRow.setAttribute('aria-expanded', 'false');
    main.append(modelRow);
    const menu = openMenu(trigger, main, { onClose: () => (open = undefined) });
    open = menu;
    let submenu: HTMLElement | undefined;
    modelRow.addEventListener('click', () => {
      if (submenu) return;
      submenu = menuPanel('replica-menu-sub');
      for (const [name, secondary] of MODELS) {
        const radio = item('menuitemradio', name, secondary, name === model);
        radio.addEventListener('click', () => choose('model', name));
        submenu.append(radio);
      }
      modelRow.setAttribute('aria-expanded', 'true');
      menu.add(submenu);
    });
  };

  switcher.setAttribute('aria-expanded', 'false');
  pill.setAttribute('aria-expanded', 'false');
  switcher.addEventListener('click', () => toggle(switcher));
  pill.addEventListener('click', () => toggle(pill));
  showChoice();
  return () => `${model} · ${effort}`;
}
