/**
 * Model choice on a chat site, driven by the adapter's `modelPicker` data: open the picker
 * (and its submenus), read what it offers, click the option the requested name matches
 * (modelNames.ts: exact, then the same words, then whole words; never a guess between two),
 * then check that the page's current-model evidence names it. Anything else is
 * MODEL_NOT_AVAILABLE naming what the picker offers, and nothing is sent.
 *
 * A request may name several things joined with "+": a model, a mode of another group
 * (ChatGPT's effort "High"), and the site's switches (DeepSeek's "Expert + DeepThink"). When a
 * site has switches, the request sets all of them: the ones it names are switched on, the
 * others off, so the same request always gives the same page.
 *
 * A temperature is set only where the site has the input (AI Studio's run settings); it is
 * checked by reading the input back. `ModelChoice` remembers, per tab, what was applied last,
 * so a turn only touches the picker when the request changed.
 */
import type { Locator, Page } from 'playwright-core';
import { LLMBackendError, PTKErrorCode } from '../core/errors';
import { throwIfAborted } from '../core/util/abortSignals';
import type { ModelNameSource, ModelPicker, SelectorList, SiteAdapter } from './adapters/types';
import { evidenceNames, matchModelName, type NamedChoice } from './modelNames';
import { firstMatching, waitFor } from './pageWaits';
import { selectorNotFound } from './selectors';

/** What an option sets: the model, or a reasoning level / mode of it (ChatGPT's efforts). */
type OfferedGroup = 'model' | 'level';

/** One option the picker offers. */
interface OfferedModel extends NamedChoice {
  aliases: string[];
  /** The page's evidence names it now. */
  current: boolean;
  group: OfferedGroup;
}

/** One switch next to the picker. */
interface OfferedToggle {
  name: string;
  on: boolean;
}

/** What a site's picker offers (PTK: Choose Model lists it). */
export interface OfferedChoices {
  site: string;
  /** False when PTK knows no model picker for this site. */
  hasPicker: boolean;
  /** Every option of the picker, in its order; `group` tells the models from the levels. */
  models: OfferedModel[];
  toggles: OfferedToggle[];
  /** The temperature input's value, where the site has one. */
  temperature?: number;
}

/** How long the picker gets to open, a switch to show on the page, a menu to close. */
const OPEN_WAIT_MS = 3_000;
const VERIFY_WAIT_MS = 3_000;
const CLOSE_WAIT_MS = 1_000;

/** The visible elements of the first selector in `list` that has any. */
const firstVisible = async (page: Page, list: SelectorList | undefined): Promise<Locator | undefined> => (await firstMatching(page, list, { visible: true }))?.locator;

/**
 * Reads a name from each element (runs in the page). No inner named functions: the test
 * runner's transpiler would wrap them in a helper the page does not have.
 */
async function readNames(locator: Locator, source: ModelNameSource | undefined): Promise<string[]> {
  return locator.evaluateAll((nodes, spec) => {
    const names: string[] = [];
    for (const node of nodes) {
      // The first `within` selector that matches a descendant; none: the element itself.
      let target: Element = node;
      for (const selector of spec?.within ?? []) {
        let found: Element | null;
        try {
          found = node.querySelector(selector);
        } catch {
          found = null; // an invalid selector: try the next one
        }
        if (found) {
          target = found;
          break;
        }
      }
      let value = spec?.attribute ? (target.getAttribute(spec.attribute) ?? '') : ((target as HTMLElement).innerText ?? target.textContent ?? '');
      if (spec?.pattern) {
        const matched = new RegExp(spec.pattern, 'i').exec(value);
        value = matched ? (matched[1] ?? matched[0]) : '';
      }
      names.push(value.replace(/\s+/g, ' ').trim());
    }
    return names;
  }, source ?? null);
}

/** Every aria-label and text of the current-model evidence (picker closed). */
async function readEvidence(page: Page, picker: ModelPicker): Promise<string[]> {
  const texts: string[] = [];
  for (const selector of picker.current) {
    const found = await page
      .locator(selector)
      .evaluateAll((nodes) => nodes.flatMap((node) => [node.getAttribute('aria-label') ?? '', (node as HTMLElement).innerText ?? node.textContent ?? '']))
      .catch(() => [] as string[]);
    for (const text of found) {
      const clean = text.replace(/\s+/g, ' ').trim();
      if (clean && !texts.includes(clean)) texts.push(clean);
    }
  }
  return texts;
}

interface ReadOption extends NamedChoice {
  aliases: string[];
  index: number;
  group: OfferedGroup;
}

/** For each element, whether it matches one of `selectors` (the picker's level options). */
async function matchesAny(locator: Locator, selectors: SelectorList | undefined): Promise<boolean[]> {
  if (!selectors || selectors.length === 0) return [];
  return locator.evaluateAll(
    (nodes, list) =>
      nodes.map((node) =>
        list.some((selector) => {
          try {
            return node.matches(selector);
          } catch {
            return false; // an invalid selector matches nothing
          }
        }),
      ),
    [...selectors],
  );
}

/** The visible options, with their names, aliases and groups. */
async function readOptions(page: Page, picker: ModelPicker): Promise<{ locator?: Locator; options: ReadOption[] }> {
  const locator = await firstVisible(page, picker.option);
  if (!locator) return { options: [] };
  const names = await readNames(locator, picker.optionName);
  const aliases = picker.optionAlias ? await readNames(locator, picker.optionAlias) : names.map(() => '');
  const levels = await matchesAny(locator, picker.levelOption);
  const options = names
    .map((name, index) => ({ name, aliases: aliases[index] && aliases[index] !== name ? [aliases[index]!] : [], index, group: levels[index] ? ('level' as const) : ('model' as const) }))
    .filter((option) => option.name !== '');
  return { locator, options };
}

interface ReadToggle {
  name: string;
  on: boolean;
  index: number;
}

async function readToggles(page: Page, picker: ModelPicker): Promise<{ locator?: Locator; toggles: ReadToggle[] }> {
  const locator = await firstVisible(page, picker.toggle);
  if (!locator) return { toggles: [] };
  const names = await readNames(locator, picker.toggleName);
  const attribute = picker.toggleStateAttribute ?? 'aria-pressed';
  const states = await locator.evaluateAll((nodes, name) => nodes.map((node) => node.getAttribute(name) === 'true'), attribute);
  return { locator, toggles: names.map((name, index) => ({ name, on: states[index] === true, index })).filter((toggle) => toggle.name !== '') };
}

function pickerOf(adapter: SiteAdapter): ModelPicker {
  const picker = adapter.modelPicker;
  if (!picker) {
    throw new LLMBackendError(`${adapter.displayName} has no model picker PTK knows how to use, so a model cannot be chosen there. Clear the model setting (ptk.model) to use the site's current model.`, {
      code: PTKErrorCode.MODEL_NOT_AVAILABLE,
      recoverable: false,
      context: { site: adapter.id, offered: [] },
    });
  }
  return picker;
}

/**
 * Opens the picker: clicks its trigger (when it has one and the options are not showing), the
 * "show all" control, and every submenu. Returns whether it opened a menu (to close it after).
 */
async function openPicker(page: Page, adapter: SiteAdapter, picker: ModelPicker, signal?: AbortSignal): Promise<boolean> {
  if (picker.trigger.length === 0 || (await firstVisible(page, picker.option))) {
    await openSubmenus(page, picker, signal);
    return false;
  }
  const trigger = await firstVisible(page, picker.trigger);
  if (!trigger) throw selectorNotFound(adapter.displayName, 'model picker', picker.trigger);
  await trigger.first().click({ timeout: 5_000 });
  const opened = await waitFor(async () => Boolean((await firstVisible(page, picker.option)) ?? (await firstVisible(page, picker.submenuTrigger)) ?? (await firstVisible(page, picker.revealAll))), OPEN_WAIT_MS, signal);
  if (!opened) throw selectorNotFound(adapter.displayName, 'model picker options', picker.option);
  const revealAll = await firstVisible(page, picker.revealAll);
  if (revealAll) await revealAll.first().click({ timeout: 5_000 });
  await openSubmenus(page, picker, signal);
  return true;
}

/** Opens each submenu the picker shows, waiting for its options to appear. */
async function openSubmenus(page: Page, picker: ModelPicker, signal?: AbortSignal): Promise<void> {
  const submenus = await firstVisible(page, picker.submenuTrigger);
  if (!submenus) return;
  const count = await submenus.count();
  for (let index = 0; index < count; index++) {
    const before = (await readOptions(page, picker)).options.length;
    await submenus.nth(index).click({ timeout: 5_000 });
    await waitFor(async () => (await readOptions(page, picker)).options.length > before, CLOSE_WAIT_MS, signal);
  }
}

/** Closes a menu the picker opened: Escape, then the trigger again if it is still open. */
async function closePicker(page: Page, picker: ModelPicker, opened: boolean): Promise<void> {
  if (!opened || !(await firstVisible(page, picker.option))) return;
  await page.keyboard.press('Escape').catch(() => undefined);
  if (await waitFor(async () => !(await firstVisible(page, picker.option)), CLOSE_WAIT_MS)) return;
  const trigger = await firstVisible(page, picker.trigger);
  await trigger?.first().click({ timeout: 5_000 }).catch(() => undefined);
}

/** "A, B, C; switches: X, Y" for messages. */
function describeOffer(options: readonly NamedChoice[], toggles: readonly { name: string }[]): string {
  const names = options.map((option) => option.name).join(', ') || 'nothing';
  return toggles.length > 0 ? `${names}; switches: ${toggles.map((toggle) => toggle.name).join(', ')}` : names;
}

function notAvailable(adapter: SiteAdapter, message: string, requested: string, options: readonly NamedChoice[], toggles: readonly { name: string }[]): LLMBackendError {
  return new LLMBackendError(`${adapter.displayName}: ${message} The model picker offers: ${describeOffer(options, toggles)}.`, {
    code: PTKErrorCode.MODEL_NOT_AVAILABLE,
    recoverable: false,
    context: { site: adapter.id, requested, offered: options.map((option) => option.name), switches: toggles.map((toggle) => toggle.name) },
  });
}

/** The parts of a request: "Expert + DeepThink" → Expert, DeepThink. */
export function requestParts(requested: string): string[] {
  return requested
    .split('+')
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

/** What the site's picker offers now (the picker is opened and closed again). */
export async function listModelChoices(page: Page, adapter: SiteAdapter, signal?: AbortSignal): Promise<OfferedChoices> {
  const picker = adapter.modelPicker;
  if (!picker) return { site: adapter.id, hasPicker: false, models: [], toggles: [] };
  const opened = await openPicker(page, adapter, picker, signal);
  let options: ReadOption[];
  try {
    options = (await readOptions(page, picker)).options;
  } finally {
    await closePicker(page, picker, opened);
  }
  const evidence = await readEvidence(page, picker);
  const toggles = (await readToggles(page, picker)).toggles;
  const temperature = await readTemperature(page, picker);
  return {
    site: adapter.id,
    hasPicker: true,
    models: options.map((option) => ({ name: option.name, aliases: option.aliases, current: evidenceNames(evidence, options, option), group: option.group })),
    toggles: toggles.map((toggle) => ({ name: toggle.name, on: toggle.on })),
    ...(temperature !== undefined ? { temperature } : {}),
  };
}

/**
 * Applies a requested model / mode (and switches) through the site's picker, checking each
 * change on the page. Nothing is clicked before every part of the request matched something
 * the picker offers. Returns the names that were chosen.
 */
async function applyModelChoice(page: Page, adapter: SiteAdapter, requested: string, signal?: AbortSignal): Promise<string[]> {
  const picker = pickerOf(adapter);
  const parts = requestParts(requested);
  if (parts.length === 0) return [];

  // Check every part against what is offered before changing anything.
  const opened = await openPicker(page, adapter, picker, signal);
  let keepOpen = false;
  let toggles: ReadToggle[];
  const optionParts: string[] = [];
  const toggleNames: string[] = [];
  try {
    const options = (await readOptions(page, picker)).options;
    toggles = (await readToggles(page, picker)).toggles;
    const candidates: Array<NamedChoice & { kind: 'option' | 'toggle' }> = [
      ...options.map((option) => ({ name: option.name, aliases: option.aliases, kind: 'option' as const })),
      ...toggles.map((toggle) => ({ name: toggle.name, kind: 'toggle' as const })),
    ];
    for (const part of parts) {
      const found = matchModelName(part, candidates);
      if (found.kind === 'none') throw notAvailable(adapter, `no model or mode named "${part}".`, requested, options, toggles);
      if (found.kind === 'ambiguous') {
        throw notAvailable(adapter, `"${part}" matches several choices (${found.choices.map((choice) => choice.name).join(', ')}); give one of them exactly.`, requested, options, toggles);
      }
      if (found.choice.kind === 'option') optionParts.push(part);
      else toggleNames.push(found.choice.name);
    }
    keepOpen = optionParts.length > 0;
  } finally {
    if (!keepOpen) await closePicker(page, picker, opened);
  }

  const chosen: string[] = [];
  for (const [index, part] of optionParts.entries()) chosen.push(await selectOption(page, adapter, picker, part, requested, index === 0 ? opened : undefined, signal));
  if (toggles.length > 0) await setToggles(page, adapter, picker, toggleNames, requested, signal);
  return [...chosen, ...toggleNames];
}

/**
 * Clicks the option `part` names (opening the picker first unless `alreadyOpened` says it is
 * open, and whether it was opened by a click), then waits for the evidence to name it.
 */
async function selectOption(page: Page, adapter: SiteAdapter, picker: ModelPicker, part: string, requested: string, alreadyOpened: boolean | undefined, signal?: AbortSignal): Promise<string> {
  throwIfAborted(signal);
  const opened = alreadyOpened ?? (await openPicker(page, adapter, picker, signal));
  const { locator, options } = await readOptions(page, picker);
  const found = matchModelName(part, options);
  if (found.kind !== 'match' || !locator) {
    await closePicker(page, picker, opened);
    throw notAvailable(adapter, `"${part}" is no longer offered once the picker was opened again.`, requested, options, []);
  }
  const option = found.choice;
  await locator.nth(option.index).click({ timeout: 5_000 });
  await closePicker(page, picker, opened);
  let evidence: string[] = [];
  const verified = await waitFor(async () => {
    evidence = await readEvidence(page, picker);
    return evidenceNames(evidence, options, option);
  }, VERIFY_WAIT_MS, signal);
  if (!verified) {
    throw notAvailable(
      adapter,
      `"${option.name}" was selected in the model picker but the page did not switch to it (it shows ${evidence.map((text) => `"${text}"`).join(', ') || 'no current model'}); the plan may not include it.`,
      requested,
      options,
      [],
    );
  }
  return option.name;
}

/** Switches on the named switches and off the others, checking each on the page. */
async function setToggles(page: Page, adapter: SiteAdapter, picker: ModelPicker, wanted: readonly string[], requested: string, signal?: AbortSignal): Promise<void> {
  const { toggles } = await readToggles(page, picker);
  for (const name of wanted) {
    if (!toggles.some((toggle) => toggle.name === name)) {
      const { options } = await readOptions(page, picker);
      throw notAvailable(adapter, `the switch "${name}" is not offered with this model.`, requested, options, toggles);
    }
  }
  for (const toggle of toggles) {
    const on = wanted.includes(toggle.name);
    if (toggle.on === on) continue;
    throwIfAborted(signal);
    const current = await readToggles(page, picker);
    const target = current.toggles.find((candidate) => candidate.name === toggle.name);
    if (!target || !current.locator) continue;
    await current.locator.nth(target.index).click({ timeout: 5_000 });
    const switched = await waitFor(async () => (await readToggles(page, picker)).toggles.find((candidate) => candidate.name === toggle.name)?.on === on, VERIFY_WAIT_MS, signal);
    if (!switched) throw notAvailable(adapter, `the switch "${toggle.name}" did not turn ${on ? 'on' : 'off'}.`, requested, [], toggles);
  }
}

async function readTemperature(page: Page, picker: ModelPicker): Promise<number | undefined> {
  const input = await firstVisible(page, picker.temperatureInput);
  if (!input) return undefined;
  const value = Number.parseFloat(await input.first().inputValue().catch(() => ''));
  return Number.isFinite(value) ? value : undefined;
}

/** True when the site has a temperature setting PTK can drive. */
function hasTemperature(adapter: SiteAdapter): boolean {
  return (adapter.modelPicker?.temperatureInput?.length ?? 0) > 0;
}

/**
 * Sets the site's temperature input and reads it back. A value outside the input's range, or
 * one the page does not keep, fails with CONFIG_INVALID naming the range.
 */
async function applyTemperature(page: Page, adapter: SiteAdapter, temperature: number): Promise<void> {
  const picker = pickerOf(adapter);
  const input = (await firstVisible(page, picker.temperatureInput))?.first();
  if (!input) throw selectorNotFound(adapter.displayName, 'temperature input', picker.temperatureInput ?? []);
  const range = await input.evaluate((node) => ({ min: node.getAttribute('min'), max: node.getAttribute('max') }));
  const min = range.min === null ? undefined : Number(range.min);
  const max = range.max === null ? undefined : Number(range.max);
  const rangeText = `${min ?? '…'}–${max ?? '…'}`;
  if ((min !== undefined && temperature < min) || (max !== undefined && temperature > max)) {
    throw new LLMBackendError(`${adapter.displayName} takes a temperature in ${rangeText}; ${temperature} is outside it.`, { code: PTKErrorCode.CONFIG_INVALID, recoverable: false, context: { site: adapter.id, temperature, min, max } });
  }
  await input.fill(String(temperature), { timeout: 5_000 });
  await input.dispatchEvent('change');
  await input.blur().catch(() => undefined);
  let shown: number | undefined;
  const kept = await waitFor(async () => {
    shown = Number.parseFloat(await input.inputValue().catch(() => ''));
    return Number.isFinite(shown) && Math.abs(shown - temperature) < 0.001;
  }, VERIFY_WAIT_MS);
  if (!kept) {
    throw new LLMBackendError(`${adapter.displayName}'s temperature input shows ${shown} after setting ${temperature} (range ${rangeText}).`, { code: PTKErrorCode.CONFIG_INVALID, recoverable: false, context: { site: adapter.id, temperature, shown } });
  }
}

/**
 * The model and temperature last applied in one tab, so that a turn only touches the picker
 * when the request changed (or the tab is a new one). A temperature the site cannot take is
 * reported once per value, as a note for the turn log.
 */
export class ModelChoice {
  private page: Page | undefined;
  private model: string | undefined;
  private temperature: number | undefined;
  private ignoredTemperature: number | undefined;

  constructor(private readonly adapter: SiteAdapter) {}

  /** Applies what changed; returns notes for the turn log (an ignored temperature). */
  async apply(page: Page, request: { model?: string; temperature?: number }, signal?: AbortSignal): Promise<string[]> {
    if (page !== this.page) {
      this.page = page;
      this.model = undefined;
      this.temperature = undefined;
    }
    const notes: string[] = [];
    const model = request.model?.trim();
    if (model && model !== this.model) {
      this.model = undefined;
      await applyModelChoice(page, this.adapter, model, signal);
      this.model = model;
    }
    const temperature = request.temperature;
    if (temperature !== undefined && temperature !== this.temperature) {
      if (!hasTemperature(this.adapter)) {
        if (temperature !== this.ignoredTemperature) notes.push(`temperature ${temperature} ignored: ${this.adapter.displayName} has no temperature setting`);
        this.ignoredTemperature = temperature;
      } else {
        this.temperature = undefined;
        await applyTemperature(page, this.adapter, temperature);
        this.temperature = temperature;
      }
    }
    return notes;
  }
}
