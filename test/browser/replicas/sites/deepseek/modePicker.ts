/**
 * The DeepSeek replica's model radios and switches (current page).
 *
 * Evidence:
 * - TOK  jazelly/tokenless test/fixtures/provider-dom/deepseek/signed-in-unknown/
 *        composer-instant.html @06908f82, composer-expert.html @f660f76c (provenance 3f210569),
 *        composer-vision.html @06908f82, observed 2026-08-01: `div[role=radiogroup]` of
 *        `div[role=radio][aria-checked]` "Instant" / "Expert" / "Vision" above the textarea;
 *        `div.ds-toggle-button.ds-toggle-button--m[aria-pressed]` ("--selected" when pressed)
 *        "DeepThink" and "Search" below it. Instant shows both switches and the file input;
 *        Expert shows DeepThink only and NO file input ("Search and the file input were not
 *        present in this state"); Vision shows DeepThink and the file input, no Search;
 * - CWC  robertpiosik/CodeWebChat chatbots/deepseek.ts @25d353db (radios from 2bca34a1,
 *        2026-08-10): the radio is `div[data-model-type="default|expert|vision"]` with
 *        aria-checked on the same element, clicked to switch; the switches are
 *        `div.ds-toggle-button` named "DeepThink" / "Search" (or 深度思考 / 联网搜索).
 *
 * Inferred (my choices): a fresh profile starts on Instant with both switches off; the switches'
 * states survive a mode change; mode and switches are kept in localStorage; the attach button
 * leaves with the file input in Expert mode.
 */
import { rememberChoice, rememberedChoice } from '../../shared/modelMenu';
import { element } from './pieces';

interface DeepSeekMode {
  type: string;
  label: string;
  /** Search is offered in this mode (TOK: Instant only). */
  search: boolean;
  /** Files can be attached (TOK: not in Expert). */
  files: boolean;
}

const MODES: readonly DeepSeekMode[] = [
  { type: 'default', label: 'Instant', search: true, files: true },
  { type: 'expert', label: 'Expert', search: false, files: false },
  { type: 'vision', label: 'Vision', search: false, files: true },
];

/** The parts of the composer a mode shows or removes. */
export interface DeepSeekComposerParts {
  /** Where the switches go. */
  toggles: HTMLElement;
  /** The controls row; the attach button and the file input are its first children when shown. */
  controls: HTMLElement;
  attach: HTMLElement;
  fileInput: HTMLElement;
}

/** A `div.ds-toggle-button` that flips aria-pressed when clicked. */
function toggleButton(label: string, pressed: boolean, onChange: (pressed: boolean) => void): HTMLElement {
  const button = element('div', { class: 'ds-toggle-button ds-toggle-button--m', 'aria-pressed': String(pressed), tabindex: '0' });
  button.classList.toggle('ds-toggle-button--selected', pressed);
  button.append(element('span', {}, label));
  button.addEventListener('click', () => {
    const next = button.getAttribute('aria-pressed') !== 'true';
    button.setAttribute('aria-pressed', String(next));
    button.classList.toggle('ds-toggle-button--selected', next);
    onChange(next);
  });
  return button;
}

/**
 * Builds the radios (returned, for the caller to place above the textarea) and the switches
 * (into `parts.toggles`), and shows per mode what TOK saw. Returns the radios and what the page
 * has chosen ("Expert + DeepThink") for the submissions.
 */
export function mountDeepSeekModes(parts: DeepSeekComposerParts): { radios: HTMLElement; currentModel: () => string } {
  let mode = MODES.find((candidate) => candidate.type === rememberedChoice('deepseek-mode', 'default')) ?? MODES[0]!;
  let deepThink = rememberedChoice('deepseek-deepthink', 'false') === 'true';
  let search = rememberedChoice('deepseek-search', 'false') === 'true';
  const deepThinkButton = toggleButton('DeepThink', deepThink, (pressed) => {
    deepThink = pressed;
    rememberChoice('deepseek-deepthink', String(pressed));
  });
  const searchButton = toggleButton('Search', search, (pressed) => {
    search = pressed;
    rememberChoice('deepseek-search', String(pressed));
  });

  const group = element('div', { role: 'radiogroup', class: 'ds-segmented _1a5b9e2' });
  const radios = MODES.map((candidate) => {
    const radio = element('div', { role: 'radio', 'data-model-type': candidate.type, 'aria-checked': String(candidate === mode), tabindex: '0', class: 'ds-segmented-button' });
    radio.append(element('span', {}, candidate.label));
    radio.addEventListener('click', () => {
      mode = candidate;
      rememberChoice('deepseek-mode', candidate.type);
      show();
    });
    return radio;
  });
  group.append(...radios);

  function show(): void {
    radios.forEach((radio, index) => radio.setAttribute('aria-checked', String(MODES[index] === mode)));
    parts.toggles.replaceChildren(deepThinkButton, ...(mode.search ? [searchButton] : []));
    if (mode.files && !parts.fileInput.isConnected) parts.controls.prepend(parts.attach, parts.fileInput);
    if (!mode.files) {
      parts.attach.remove();
      parts.fileInput.remove();
    }
  }

  show();
  return {
    radios: group,
    currentModel: () => [mode.label, ...(deepThink ? ['DeepThink'] : []), ...(mode.search && search ? ['Search'] : [])].join(' + '),
  };
}
