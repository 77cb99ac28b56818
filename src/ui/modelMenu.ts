/**
 * PTK: Choose Model, the pure part: the quick pick's entries from what the site's picker offers,
 * and the `ptk.model` value a choice writes ("Expert + DeepThink"). The command itself is in
 * src/host/vscode/views/commands/modelCommands.ts.
 */
import type { OfferedChoices } from '../browser/modelSelection';
import { DEMO_SITE_NAME } from '../shared/chat/connectionLabels';

/** What the demo replica does with a model choice: nothing, its answers are scripted. */
const DEMO_MODEL_NOTE = 'the demo answers the same whatever you pick';

/** Where the offered models come from: the site, or (on the offline demo) the demo's replica of its picker. */
interface ModelMenuContext {
  /** True when PTK talks to the offline demo replica (ptk.siteUrl at a local address). */
  demo?: boolean;
  /**
   * Several sites (ptk.sites): the name of the first listed site, whose picker is read (ptk.model
   * names a model of that site; the others use their own current model), as every menu names it.
   */
  site?: string;
}

/** How the menu names the site whose picker it shows. */
function pickerSite(offered: OfferedChoices, context: ModelMenuContext): string {
  return context.site ?? (context.demo ? DEMO_SITE_NAME : offered.site);
}

/** One entry of the model quick pick; `value` is what ptk.model becomes. A separator only heads the entries after it. */
interface ModelMenuItem {
  label: string;
  description?: string;
  value: string;
  separator?: true;
}

/** The request's parts: the model, then the switches ("Expert + DeepThink" → Expert, DeepThink). */
function settingParts(setting: string): string[] {
  return setting
    .split('+')
    .map((part) => part.trim().toLowerCase())
    .filter(Boolean);
}

/** The quick pick's title: the command, the site (several sites: the first, whose model ptk.model is) and the current choice ("now: Expert + DeepThink"). */
export function modelMenuTitle(setting: string, context: ModelMenuContext = {}): string {
  return `PTK: Choose Model${context.site ? ` for ${context.site}` : ''} (now: ${setting.trim() || "the site's current model"})`;
}

/** The picker's options that choose the model (not a reasoning level of it). */
function offeredModels(offered: OfferedChoices): OfferedChoices['models'] {
  return offered.models.filter((option) => option.group !== 'level');
}

/** The picker's reasoning levels / modes of the model (ChatGPT's efforts), a second step's single choice. */
export function offeredLevels(offered: OfferedChoices): OfferedChoices['models'] {
  return offered.models.filter((option) => option.group === 'level');
}

/**
 * "Site's current model" (an empty setting), then, under a "Models" separator, every model the
 * picker offers, the one the page shows marked, the current choice (the setting's) marked. The
 * reasoning levels and modes (the picker's levels and switches) are a second step, not mixed in here.
 */
export function modelMenuItems(offered: OfferedChoices, setting: string, context: ModelMenuContext = {}): ModelMenuItem[] {
  const chosen = settingParts(setting)[0];
  const models = offeredModels(offered);
  const items: ModelMenuItem[] = [{ label: "Site's current model", description: setting ? undefined : 'current choice', value: '' }];
  if (models.length > 0) items.push({ label: context.demo ? `Models on ${pickerSite(offered, context)} — ${DEMO_MODEL_NOTE}` : `Models on ${pickerSite(offered, context)}`, value: '', separator: true });
  for (const model of models) {
    const notes = [chosen === model.name.toLowerCase() ? 'current choice' : '', model.current ? 'on the page now' : '', ...model.aliases].filter(Boolean);
    items.push({ label: model.name, description: notes.join(' · ') || undefined, value: model.name });
  }
  return items;
}

/** The quick pick's placeholder: whose picker the entries come from. */
export function modelMenuPlaceholder(offered: OfferedChoices, context: ModelMenuContext = {}): string {
  if (context.site) return `What ${context.site}'s picker offers: ptk.model is the first site's model (the other sites use their current one)${context.demo ? `; ${DEMO_MODEL_NOTE}` : ''}`;
  if (context.demo) return `What the ${DEMO_SITE_NAME} replica of the ${offered.site} picker offers; ${DEMO_MODEL_NOTE}`;
  return `What the ${offered.site} picker offers (PTK selects it before each turn and checks it took)`;
}

/** The status bar message after a choice ("PTK: model GPT-5.5"), saying on the demo that the choice changes no answer. */
export function modelChosenMessage(value: string, context: ModelMenuContext = {}): string {
  const message = `PTK: model ${value || "— the site's current one"}`;
  const on = context.site ? ` on ${context.site}` : '';
  return context.demo ? `${message}${on} (${context.site ?? DEMO_SITE_NAME}: ${DEMO_MODEL_NOTE})` : `${message}${on}`;
}

/**
 * The second step's reasoning levels: "Site's current level" (the model's part alone), then each
 * level, the one the page shows marked "current level", the setting's marked "current choice".
 */
export function levelMenuItems(offered: OfferedChoices, setting: string): ModelMenuItem[] {
  const named = settingParts(setting).slice(1);
  const levels = offeredLevels(offered);
  const chosen = levels.find((level) => named.includes(level.name.toLowerCase()));
  const items: ModelMenuItem[] = [{ label: "Site's current level", description: chosen ? undefined : 'current choice', value: '' }];
  for (const level of levels) {
    const notes = [level === chosen ? 'current choice' : '', level.current ? 'current level' : '', ...level.aliases].filter(Boolean);
    items.push({ label: level.name, description: notes.join(' · ') || undefined, value: level.name });
  }
  return items;
}

/** Which switches start ticked in the second pick: the ones the setting names, else the ones on now. */
export function switchesToTick(offered: OfferedChoices, setting: string): string[] {
  const named = settingParts(setting).slice(1);
  if (named.length > 0) return offered.toggles.filter((toggle) => named.includes(toggle.name.toLowerCase())).map((toggle) => toggle.name);
  return offered.toggles.filter((toggle) => toggle.on).map((toggle) => toggle.name);
}

/** The ptk.model value for a model and the switches to turn on. */
export function modelSetting(model: string, switches: readonly string[]): string {
  return [model, ...switches].filter((part) => part.trim() !== '').join(' + ');
}
