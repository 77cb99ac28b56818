/**
 * `ptk.externalTools`: which of VS Code's language-model tools (other extensions' tools and the
 * tools of MCP servers configured in VS Code, all listed in `vscode.lm.tools`) a PTK task may use.
 *   "none" (default)  none;
 *   "ask"             every one, each call asking the user first;
 *   [names or globs]  only these, and they run without asking (the allow-list).
 * A tool named like one of PTK's own tools is left out: PTK's own keeps the name.
 */
import picomatch from 'picomatch';
import { z } from 'zod';

export const ExternalToolsSettingSchema = z.union([z.enum(['none', 'ask']), z.array(z.string().trim().min(1))]).default('none');
type ExternalToolsSetting = z.output<typeof ExternalToolsSettingSchema>;

/** A tool VS Code offers, in host-neutral terms. */
export interface ExternalToolDescriptor {
  name: string;
  description: string;
  /** JSON Schema of the tool's input, when it declares one. */
  inputSchema?: Record<string, unknown>;
  /** VS Code's tags (e.g. the MCP server's), shown in the approval. */
  tags?: readonly string[];
}

/** A tool the setting lets PTK offer. */
export interface SelectedExternalTool {
  descriptor: ExternalToolDescriptor;
  /** Allow-listed: runs without asking. */
  preApproved: boolean;
}

/** The tools the setting allows, in VS Code's order. */
export function selectExternalTools(descriptors: readonly ExternalToolDescriptor[], setting: ExternalToolsSetting, ownToolNames: readonly string[] = []): SelectedExternalTool[] {
  if (setting === 'none') return [];
  const own = new Set(ownToolNames);
  const available = descriptors.filter((descriptor) => !own.has(descriptor.name));
  if (setting === 'ask') return available.map((descriptor) => ({ descriptor, preApproved: false }));
  const matchers = setting.map((pattern) => picomatch(pattern, { nocase: false, dot: true }));
  return available.filter((descriptor) => matchers.some((matches) => matches(descriptor.name))).map((descriptor) => ({ descriptor, preApproved: true }));
}
