/**
 * Context mentions in the chat input. Typing `@` opens the completion list of kinds (file,
 * folder, selection, problems, changes, terminal); `@text` also lists files matching it.
 * Choosing a kind turns the token into `@kind:` and asks the host for that kind's rows
 * (`mentionQuery` → `mentionSuggestions`); a kind with one answer (the selection, the changes,
 * a lone terminal) is chosen at once. Choosing a row removes the token and adds a chip above
 * the input; the chips go with the next `send`. Backspace at the start of the input removes the
 * last chip.
 *
 * Construct it before the composer's own keydown listener: it stops the keys the list uses
 * (Enter, Tab, arrows, Escape) from reaching the listeners registered after it.
 */
import { rankByFuzzy } from '../shared/chat/fuzzyRank';
import { addMention, MENTION_KIND_INFO, MENTION_KINDS, type ContextMention, type MentionKind, type MentionSuggestion } from '../shared/chat/mentions';
import { findMentionTrigger, removeMentionToken, type MentionTrigger } from '../shared/chat/mentionTrigger';
import type { WebviewToHostMessage } from '../shared/chat/protocol';
import { renderMentionChips } from './mentionChips';
import { MentionPicker, type PickerRow } from './mentionPicker';

interface MentionComposerParts {
  input: HTMLTextAreaElement;
  /** Where the chips are shown (hidden while there are none). */
  chips: HTMLElement;
  /** The completion list's element. */
  list: HTMLElement;
  post(message: WebviewToHostMessage): void;
  /** The chips or the input's text changed (the webview saves its state). */
  onChange(): void;
}

/** A query sent to the host and not answered yet. */
interface PendingQuery {
  requestId: number;
  trigger: MentionTrigger;
  /** Kind rows shown above the host's rows (a plain `@text` lists kinds and files). */
  kindRows: PickerRow[];
  /** Choose the only row at once (a direct kind just chosen). */
  autoChoose: boolean;
}

/** Keys that move the caret without changing the text. */
const CARET_KEYS = new Set(['ArrowLeft', 'ArrowRight', 'Home', 'End']);

export class MentionComposer {
  private chosen: ContextMention[] = [];
  private readonly picker: MentionPicker;
  private requestCounter = 0;
  private pending?: PendingQuery;
  /** The `@` position whose list the user closed with Escape (stays closed until another `@`). */
  private dismissedAt?: number;
  /** The token the list shows rows for. */
  private shownFor?: string;

  constructor(private readonly parts: MentionComposerParts) {
    const { input } = parts;
    this.picker = new MentionPicker(parts.list, input);
    input.addEventListener('keydown', (event) => this.handleKey(event));
    input.addEventListener('input', () => this.update());
    input.addEventListener('click', () => this.update());
    input.addEventListener('keyup', (event) => {
      if (CARET_KEYS.has(event.key)) this.update();
    });
    input.addEventListener('blur', () => this.close());
    this.renderChips();
  }

  /** The chips in the composer, in order. */
  get mentions(): ContextMention[] {
    return [...this.chosen];
  }

  /** Replaces the chips (a restored draft). */
  set(mentions: readonly ContextMention[]): void {
    this.chosen = mentions.reduce<ContextMention[]>((list, mention) => addMention(list, mention), []);
    this.renderChips();
  }

  /** Adds a chip (the same mention twice is one chip). */
  add(mention: ContextMention): void {
    this.chosen = addMention(this.chosen, mention);
    this.renderChips();
    this.parts.onChange();
  }

  /** Removes every chip (after a send). */
  clear(): void {
    this.chosen = [];
    this.renderChips();
    this.close();
  }

  /** Takes the host's answer to the latest query (older answers are ignored). */
  receive(answer: { requestId: number; items: MentionSuggestion[]; note?: string }): void {
    const pending = this.pending;
    if (!pending || answer.requestId !== pending.requestId) return;
    this.pending = undefined;
    if (pending.autoChoose && answer.items.length === 1) {
      this.choose(pending.trigger, answer.items[0]!.mention);
      return;
    }
    const rows = [...pending.kindRows, ...answer.items.map((item) => this.mentionRow(pending.trigger, item))];
    const note = rows.length === 0 ? (answer.note ?? 'Nothing matches.') : pending.kindRows.length > 0 ? undefined : answer.note;
    this.picker.show(rows, note);
  }

  /** Opens, narrows or closes the list for the token at the caret. */
  update(options: { autoChoose?: boolean } = {}): void {
    const { input } = this.parts;
    const caret = input.selectionStart ?? input.value.length;
    const trigger = input.selectionStart === input.selectionEnd ? findMentionTrigger(input.value, caret) : undefined;
    if (!trigger) {
      this.dismissedAt = undefined;
      this.close();
      return;
    }
    if (this.dismissedAt === trigger.start) return;
    this.dismissedAt = undefined;
    const key = `${trigger.start}|${trigger.kind ?? ''}|${trigger.query}`;
    if (key === this.shownFor && this.picker.isOpen && !options.autoChoose) return;
    this.shownFor = key;
    if (trigger.kind) {
      this.query(trigger, trigger.kind, [], options.autoChoose ?? false);
      return;
    }
    const kinds = trigger.query === '' ? MENTION_KINDS : rankByFuzzy(trigger.query, MENTION_KINDS, (kind) => kind, MENTION_KINDS.length);
    const kindRows = kinds.map((kind) => this.kindRow(trigger, kind));
    this.picker.show(kindRows);
    // `@text` also offers the files matching it.
    if (trigger.query !== '') this.query(trigger, 'file', kindRows, false);
    else this.pending = undefined;
  }

  private handleKey(event: KeyboardEvent): void {
    if (this.picker.isOpen && event.key === 'Escape') {
      this.dismissedAt = findMentionTrigger(this.parts.input.value, this.parts.input.selectionStart ?? 0)?.start;
    }
    if (this.picker.handleKey(event)) {
      // The composer's own Enter (send) must not see a key the list used.
      event.stopImmediatePropagation();
      return;
    }
    const { input } = this.parts;
    // Enter on a kind with nothing chosen yet ("@terminal:" whose list has no row) is no message to send.
    if (event.key === 'Enter' && !event.shiftKey && !event.isComposing && this.emptyKindToken()) {
      event.preventDefault();
      event.stopImmediatePropagation();
      return;
    }
    if (event.key === 'Backspace' && input.selectionStart === 0 && input.selectionEnd === 0 && this.chosen.length > 0) {
      event.preventDefault();
      this.chosen = this.chosen.slice(0, -1);
      this.renderChips();
      this.parts.onChange();
    }
  }

  /** The caret ends a `@kind:` token with nothing after the colon. */
  private emptyKindToken(): boolean {
    const { input } = this.parts;
    if (input.selectionStart !== input.selectionEnd) return false;
    const trigger = findMentionTrigger(input.value, input.selectionStart ?? input.value.length);
    return trigger?.kind !== undefined && trigger.query === '';
  }

  private query(trigger: MentionTrigger, kind: MentionKind, kindRows: PickerRow[], autoChoose: boolean): void {
    const requestId = ++this.requestCounter;
    this.pending = { requestId, trigger, kindRows, autoChoose };
    if (kindRows.length === 0) this.picker.show([], 'Looking…');
    this.parts.post({ type: 'mentionQuery', requestId, kind, query: trigger.query });
  }

  private kindRow(trigger: MentionTrigger, kind: MentionKind): PickerRow {
    return { badge: '@', label: kind, detail: MENTION_KIND_INFO[kind].description, choose: () => this.chooseKind(trigger, kind) };
  }

  private mentionRow(trigger: MentionTrigger, item: MentionSuggestion): PickerRow {
    return { badge: `@${item.mention.kind}`, label: item.mention.label, detail: item.detail, choose: () => this.choose(trigger, item.mention) };
  }

  /** `@fi` → `@file:` with the caret after it; that kind's rows follow. */
  private chooseKind(trigger: MentionTrigger, kind: MentionKind): void {
    const { input } = this.parts;
    const token = `@${kind}:`;
    input.value = input.value.slice(0, trigger.start) + token + input.value.slice(trigger.end);
    const caret = trigger.start + token.length;
    input.setSelectionRange(caret, caret);
    this.update({ autoChoose: MENTION_KIND_INFO[kind].direct });
    this.parts.onChange();
  }

  /** Replaces the token with a chip. */
  private choose(trigger: MentionTrigger, mention: ContextMention): void {
    const { input } = this.parts;
    // The token as it stands now (the user may have typed on since the rows came).
    const current = findMentionTrigger(input.value, input.selectionStart ?? input.value.length);
    const token = current && current.start === trigger.start ? current : trigger;
    const removed = removeMentionToken(input.value, token);
    input.value = removed.text;
    input.setSelectionRange(removed.cursor, removed.cursor);
    this.close();
    this.add(mention);
    input.focus();
  }

  private close(): void {
    this.pending = undefined;
    this.shownFor = undefined;
    this.picker.close();
  }

  private renderChips(): void {
    const chips = renderMentionChips(this.parts.chips.ownerDocument, this.chosen, (index) => {
      this.chosen = this.chosen.filter((_mention, position) => position !== index);
      this.renderChips();
      this.parts.onChange();
      this.parts.input.focus();
    });
    this.parts.chips.replaceChildren(...chips.childNodes);
    this.parts.chips.hidden = this.chosen.length === 0;
  }
}
