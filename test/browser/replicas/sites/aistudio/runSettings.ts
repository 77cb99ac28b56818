/**
 * The AI Studio replica's run settings panel: the model selector card with its model dialog,
 * and the temperature slider.
 *
 * Evidence:
 * - CWC  robertpiosik/CodeWebChat chatbots/ai-studio.ts (2025 versions; `button.model-selector-card`
 *        still awaited at 25d353db, 2026-08-11): `button.model-selector-card` with `span.title`;
 *        the dialog's first `div.model-categories-container button` is "All"; rows
 *        `ms-model-carousel-row button.content-button` named by `span.model-title-text`;
 *        temperature `ms-prompt-run-settings div[data-test-id="temperatureSliderContainer"]
 *        input[type=number]` (later `input[inputmode="decimal"]`), set then a change event;
 * - ASP  CJackHwang/AIstudioProxyAPI config/selectors.py @e640858 (2026-03-01): the current model
 *        id in `[data-test-id="model-name"]`, temperature `ms-slider input[type="number"][max="2"]`
 *        (parameters.py clamps to 0–2 and reads the value back);
 * - an unattributed page map of 2026-09-11 (an MCP server driving the live page): the card's
 *        `span.title` "Gemini 3.1 Pro Preview" and `span.subtitle` "gemini-3.1-pro-preview"; rows
 *        `button.content-button[id="model-carousel-row-models/<id>"]` with `.model-title-text`;
 *        `input[aria-label="Temperature"]` as a range and a spin button, default 1; the models
 *        offered (a subset is used here: the Gemini ones and Nano Banana 2 Lite).
 *
 * Inferred (my choices): the card sits in `ms-run-settings` > `ms-prompt-run-settings` >
 * `ms-model-selector`; `[data-test-id="model-name"]` is the card's subtitle (the id ASP compares
 * with); the dialog opens on the "Featured" category, which hides some models until "All" is
 * chosen; the chosen row has `.selected`; Escape or a click outside closes the dialog; model and
 * temperature are kept in localStorage; the number input clamps to 0–2 on change.
 */
import { openMenu, rememberChoice, rememberedChoice, type OpenMenu } from '../../shared/modelMenu';
import { custom, element } from './skin';

interface StudioModel {
  id: string;
  title: string;
  featured: boolean;
}

const MODELS: readonly StudioModel[] = [
  { id: 'gemini-3.1-pro-preview', title: 'Gemini 3.1 Pro Preview', featured: true },
  { id: 'gemini-3-flash-preview', title: 'Gemini 3 Flash Preview', featured: true },
  { id: 'gemini-3.5-flash-lite', title: 'Gemini 3.5 Flash Lite', featured: false },
  { id: 'gemini-pro-latest', title: 'Gemini Pro Latest', featured: false },
  { id: 'gemini-flash-latest', title: 'Gemini Flash Latest', featured: false },
  { id: 'gemini-flash-lite-latest', title: 'Gemini Flash-Lite Latest', featured: false },
  { id: 'gemini-3.1-flash-lite-image', title: 'Nano Banana 2 Lite', featured: true },
];

/** Builds the run settings panel into `host`; returns what the page has chosen ("<model> · temperature <t>"). */
export function mountRunSettings(host: HTMLElement, overlay: () => HTMLElement): () => string {
  let chosen = MODELS.find((model) => model.id === rememberedChoice('aistudio-model', 'gemini-3.1-pro-preview')) ?? MODELS[0]!;
  let temperature = Number(rememberedChoice('aistudio-temperature', '1'));
  let open: OpenMenu | undefined;

  const settings = custom('ms-run-settings', {});
  const promptSettings = custom('ms-prompt-run-settings', {});
  const selector = custom('ms-model-selector', {});
  const card = element('button', { class: 'model-selector-card', 'aria-haspopup': 'dialog', 'aria-expanded': 'false' });
  const title = element('span', { class: 'title' });
  const subtitle = element('span', { class: 'subtitle', 'data-test-id': 'model-name' });
  card.append(title, subtitle);
  selector.append(card);

  const showModel = (): void => {
    title.textContent = chosen.title;
    subtitle.textContent = chosen.id;
  };

  const openDialog = (): void => {
    const pane = element('div', { class: 'cdk-overlay-pane model-dialog-pane' });
    const dialog = custom('mat-dialog-container', { role: 'dialog', 'aria-modal': 'true', class: 'mat-mdc-dialog-container' });
    const carousel = custom('ms-model-carousel', { 'data-test-id': 'model-carousel-in-selector' });
    const categories = element('div', { class: 'model-categories-container', role: 'tablist' });
    const rows = element('div', { class: 'model-rows' });
    const showCategory = (category: 'All' | 'Featured'): void => {
      for (const button of Array.from(categories.children)) button.setAttribute('aria-selected', String(button.textContent === category));
      rows.replaceChildren(
        ...MODELS.filter((model) => category === 'All' || model.featured).map((model) => {
          const row = custom('ms-model-carousel-row', model === chosen ? { class: 'selected' } : {});
          const button = element('button', { class: 'content-button', id: `model-carousel-row-models/${model.id}` });
          button.append(element('span', { class: 'model-title-text ellipses' }, model.title), element('span', { class: 'model-subtitle' }, model.id));
          button.addEventListener('click', () => {
            chosen = model;
            rememberChoice('aistudio-model', model.id);
            showModel();
            open?.close();
          });
          row.append(button);
          return row;
        }),
      );
    };
    for (const category of ['All', 'Featured'] as const) {
      const button = element('button', { role: 'tab', class: 'category-button' }, category);
      button.addEventListener('click', () => showCategory(category));
      categories.append(button);
    }
    showCategory('Featured');
    carousel.append(categories, rows);
    dialog.append(carousel);
    pane.append(dialog);
    open = openMenu(card, pane, { container: overlay(), onClose: () => (open = undefined) });
  };
  card.addEventListener('click', () => (open && !open.closed ? open.close() : openDialog()));

  const slider = element('div', { 'data-test-id': 'temperatureSliderContainer', class: 'settings-item' });
  slider.append(element('h3', { class: 'item-title' }, 'Temperature'));
  const msSlider = custom('ms-slider', {});
  const range = element('input', { type: 'range', min: '0', max: '2', step: '0.05', 'aria-label': 'Temperature', class: 'mdc-slider__input' });
  const number = element('input', { type: 'number', min: '0', max: '2', step: '0.05', inputmode: 'decimal', 'aria-label': 'Temperature', class: 'slider-number-input' });
  const showTemperature = (): void => {
    range.value = String(temperature);
    number.value = String(temperature);
  };
  const setTemperature = (value: number): void => {
    if (Number.isFinite(value)) temperature = Math.min(2, Math.max(0, value));
    rememberChoice('aistudio-temperature', String(temperature));
    showTemperature();
  };
  number.addEventListener('change', () => setTemperature(Number.parseFloat(number.value)));
  range.addEventListener('input', () => setTemperature(Number.parseFloat(range.value)));
  msSlider.append(range, number);
  slider.append(msSlider);

  promptSettings.append(selector, slider);
  settings.append(element('h2', { class: 'panel-title' }, 'Run settings'), promptSettings);
  host.append(settings);
  showModel();
  showTemperature();
  return () => `${chosen.title} · temperature ${temperature}`;
}
