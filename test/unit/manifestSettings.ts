/** The settings package.json contributes, read the way VS Code does: every section of `contributes.configuration` together. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** One contributed setting's schema (the fields the tests read). */
export interface ContributedSetting {
  type?: string | string[];
  scope?: string;
  default?: unknown;
  description?: string;
  markdownDescription?: string;
  deprecationMessage?: string;
  markdownDeprecationMessage?: string;
  [field: string]: unknown;
}

/** A section of the Settings editor (its title, and the settings under it). */
export interface ContributedSection {
  title: string;
  order?: number;
  properties: Record<string, ContributedSetting>;
}

/** The manifest's settings sections, in their order. */
export function contributedSections(): ContributedSection[] {
  const manifest = JSON.parse(readFileSync(join(__dirname, '..', '..', 'package.json'), 'utf8'));
  const configuration = manifest.contributes.configuration;
  return Array.isArray(configuration) ? configuration : [configuration];
}

/** Every contributed setting by its full name, across the sections. */
export function contributedSettings(): Record<string, ContributedSetting> {
  return Object.assign({}, ...contributedSections().map((section) => section.properties));
}
