/**
 * The `/` menu of the chat input: while the input holds "/" and a command name being typed
 * (nothing after it yet, the caret at its end), the workspace's slash commands that match are
 * listed (built-ins first, then the prompt files, each with its source, argument hint and
 * description). Choosing one puts "/name " in the input, to add its arguments and send (Enter
 * on a whole name typed sends it as it is); the host expands the line when it is sent. Construct it before the composer's own keydown
 * listener: the list keeps Enter, Tab, the arrows and Escape while it is open.
 */
import { commandsMatching } from '../shared/chat/commandMenu';
import type { SlashCommandEntry } from '../shared/chat/protocol';
import { MentionPicker } from './mentionPicker';

/** Where a command comes from, as its row says it. */
const SOURCE_BADGES: Readonly<Record<string, string>> = { ptk: '.ptk', copilot: 'Copilot', claude: 'Claude', cline: 'Cline' };

export class CommandComposer {
  private commands: readonly SlashCommandEntry[] = [];
  private readonly picker: MentionPicker;
  /** The input's text when the user closed the list with Escape: not offered again until it changes. */
  private dismissed: string | undefined;

  constructor(
    private readonly input: HTMLTextAreaElement,
    list: HTMLElement,
    private readonly onChange: () => void,
  ) {
    this.picker = new MentionPicker(list, input);
    input.addEventListener('keydown', (event) => {
      if (this.picker.isOpen && event.key === 'Escape') this.dismissed = input.value;
      // A whole command name typed ("/new"): Enter sends it, as typed; Tab still completes.
      if (this.picker.isOpen && event.key === 'Enter' && !event.shiftKey && this.namesCommand(input.value)) {
        this.picker.close();
        return;
      }
      // The composer's own Enter (send) must not see a key the list used.
      if (this.picker.handleKey(event)) event.stopImmediatePropagation();
    });
    input.addEventListener('input', () => this.refresh());
    input.addEventListener('blur', () => this.picker.close());
  }

  get isOpen(): boolean {
    return this.picker.isOpen;
  }

  /** The commands the host offers (sent on `ready` and when the workspace's prompt files change). */
  set(commands: readonly SlashCommandEntry[]): void {
    this.commands = commands;
    // The input being typed in shows the new list at once (a prompt file added meanwhile).
    if (this.picker.isOpen || this.input.ownerDocument.activeElement === this.input) this.refresh();
  }

  private namesCommand(typed: string): boolean {
    const name = typed.trim().slice(1).toLowerCase();
    return typed.trim().startsWith('/') && this.commands.some((command) => command.name.toLowerCase() === name);
  }

  private refresh(): void {
    const typed = this.input.value;
    const atEnd = this.input.selectionStart === typed.length;
    const matching = atEnd && typed !== this.dismissed ? commandsMatching(this.commands, typed) : [];
    if (typed !== this.dismissed) this.dismissed = undefined;
    if (matching.length === 0) return this.picker.close();
    this.picker.show(matching.map((command) => ({
      label: `/${command.name}`,
      ...(SOURCE_BADGES[command.source] ? { badge: SOURCE_BADGES[command.source] } : {}),
      detail: [command.argumentHint, command.description].filter(Boolean).join(' · '),
      choose: () => this.choose(command),
    })));
  }

  private choose(command: SlashCommandEntry): void {
    this.input.value = `/${command.name} `;
    const end = this.input.value.length;
    this.input.setSelectionRange(end, end);
    this.picker.close();
    this.input.focus();
    this.onChange();
  }
}
