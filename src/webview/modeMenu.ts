/**
 * The composer's mode menu, next to Send: the built-in modes (Ask, Plan, Agent), then the
 * workspace's custom modes, as the host lists them. Choosing one tells the host; the menu shows
 * the shown conversation's mode. A mode file that could not be used is a notice under the menu,
 * naming the file and what is wrong (the other modes are still offered).
 */
import type { ModeChoice } from '../shared/chat/protocol';
import { AGENT_MODE_ID, ASK_MODE_ID } from '../shared/chat/modeIds';

export class ModeMenu {
  /** The menu (hidden until the host has listed the modes). */
  readonly element: HTMLSelectElement;
  /** The notices of the mode files that could not be used (hidden while there are none). */
  readonly problems: HTMLElement;
  private modes: ModeChoice[] = [];
  /** The conversation's mode, as last shown. */
  private modeId: string | undefined;

  constructor(private readonly document: Document, choose: (modeId: string) => void) {
    this.element = document.createElement('select');
    this.element.className = 'mode-menu';
    this.element.dataset.testid = 'mode-menu';
    this.element.setAttribute('aria-label', 'Chat mode');
    this.element.hidden = true;
    this.element.addEventListener('change', () => choose(this.element.value));
    this.problems = document.createElement('div');
    this.problems.className = 'mode-problems';
    this.problems.dataset.testid = 'mode-problems';
    this.problems.setAttribute('role', 'status');
    this.problems.hidden = true;
  }

  /** The modes to offer, and the mode files that could not be used. */
  setModes(modes: readonly ModeChoice[], problems: readonly string[]): void {
    this.modes = [...modes];
    const option = (mode: ModeChoice): HTMLOptionElement => {
      const element = this.document.createElement('option');
      element.value = mode.id;
      element.textContent = mode.name;
      element.title = [mode.description, mode.source ? `From ${mode.source}` : undefined].filter(Boolean).join('\n');
      return element;
    };
    const builtins = modes.filter((mode) => mode.source === undefined).map(option);
    const custom = modes.filter((mode) => mode.source !== undefined);
    this.element.replaceChildren(...builtins);
    if (custom.length > 0) {
      const group = this.document.createElement('optgroup');
      group.label = 'This workspace';
      group.append(...custom.map(option));
      this.element.append(group);
    }
    this.element.hidden = modes.length === 0;
    this.show(this.modeId);
    this.problems.replaceChildren(
      ...problems.map((problem) => {
        const line = this.document.createElement('div');
        line.className = 'mode-problem';
        line.textContent = `Mode not loaded: ${problem}`;
        return line;
      }),
    );
    this.problems.hidden = problems.length === 0;
  }

  /**
   * Shows the conversation's mode (absent: Agent, as before modes). A mode that is no longer
   * offered (its file was deleted) shows as Ask, the mode such a conversation runs in.
   */
  show(modeId: string | undefined): void {
    this.modeId = modeId;
    const id = modeId ?? AGENT_MODE_ID;
    const shown = this.modes.some((mode) => mode.id === id) ? id : ASK_MODE_ID;
    if (this.element.value !== shown) this.element.value = shown;
    this.element.title = `Mode: ${this.modes.find((mode) => mode.id === shown)?.description ?? shown}`;
  }
}
