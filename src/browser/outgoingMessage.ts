/**
 * What one turn sends: the prompt to type and the files to upload first. A call with
 * attachments on a site without an upload path is refused here (ATTACHMENT_UNSUPPORTED,
 * nothing sent). A prompt longer than the site's box goes out through the site's own upload
 * when it has one: the big pieces move into `ptk-context-<tag>-N.txt` files and the prompt names
 * them (src/core/conversation/promptOverflow.ts decides what moves). Without an upload path,
 * or when moving is not enough, the prompt is left as it is and insertPrompt reports
 * PROMPT_TOO_LONG naming the limit. Pure.
 */
import { planPromptOverflow } from '../core/conversation/promptOverflow';
import { LLMBackendError, PTKErrorCode } from '../core/errors';
import type { PromptAttachment } from '../core/ports';
import type { SiteAdapter } from './adapters/types';

interface OutgoingMessage {
  /** The prompt to type (without the nonce). */
  prompt: string;
  /** Files to upload before typing: the caller's, then the overflow files. */
  attachments: PromptAttachment[];
  /** Names of the files that carry what moved out of the prompt (empty: nothing moved). */
  overflowFiles: string[];
}

/** True when the adapter can upload files: a chip to confirm them and a way to put them in. */
export function canUpload(adapter: SiteAdapter): boolean {
  const selectors = adapter.selectors;
  const wayIn = (selectors.fileInput?.length ?? 0) > 0 || (selectors.uploadMenuItem?.length ?? 0) > 0;
  return wayIn && (selectors.attachmentReady?.length ?? 0) > 0;
}

/** ATTACHMENT_UNSUPPORTED: the site (as the adapter describes it) takes no files; nothing was sent. */
export function attachmentsUnsupported(adapter: SiteAdapter, count: number): LLMBackendError {
  return new LLMBackendError(
    `${adapter.displayName} cannot take attachments here (its adapter names no file input and no chip that shows a file accepted), so the message with ${count} file${count === 1 ? '' : 's'} was not sent. Use a site that takes files, or describe the file input and its chip in ptk.siteOverrides / ptk.customSite (docs/sites.md).`,
    { code: PTKErrorCode.ATTACHMENT_UNSUPPORTED, recoverable: false, context: { site: adapter.id, attachments: count } },
  );
}

/** How the backend frames the turn. */
interface OutgoingFraming {
  /** What the backend adds to the prompt after this (the nonce line), which must still fit the site's limit. */
  reservedChars: number;
  /**
   * Tag of this turn's overflow files (`ptk-context-<tag>-1.txt`), so that files of earlier
   * turns still shown in the thread never pass for this turn's.
   */
  fileTag: string;
}

/**
 * The line that ends every message to a site whose answers can only be read from the rendered
 * page (no copy control): rendering markdown drops a backslash before punctuation in prose, so
 * the `\"` of a tool call's JSON would come back as `"`; inside a code block it stays.
 */
export const RENDERED_TEXT_NOTE = 'PTK reads your replies from this page as rendered text, where markdown drops the backslashes outside code: put the JSON of every tool call in a ```json code block inside the tags.';

/** True when the adapter knows no copy control: its answers are read from the rendered page. */
export function readsRenderedText(adapter: SiteAdapter): boolean {
  return adapter.selectors.copyButton.length === 0 && (adapter.selectors.copyMenuButton?.length ?? 0) === 0;
}

/** The prompt and files of one turn. */
export function prepareOutgoingMessage(rawPrompt: string, attachments: readonly PromptAttachment[] | undefined, adapter: SiteAdapter, framing: OutgoingFraming): OutgoingMessage {
  const prompt = readsRenderedText(adapter) ? `${rawPrompt}\n\n${RENDERED_TEXT_NOTE}` : rawPrompt;
  const files = [...(attachments ?? [])];
  const uploads = canUpload(adapter);
  if (files.length > 0 && !uploads) throw attachmentsUnsupported(adapter, files.length);
  const room = adapter.maxPromptChars - framing.reservedChars;
  if (prompt.length <= room || !uploads) return { prompt, attachments: files, overflowFiles: [] };
  const plan = planPromptOverflow(prompt, { maxPromptChars: room, fileName: (index) => `ptk-context-${framing.fileTag}-${index}.txt` });
  if (!plan) return { prompt, attachments: files, overflowFiles: [] };
  const encoder = new TextEncoder();
  const overflow = plan.files.map((file) => ({ name: file.name, mimeType: 'text/plain', data: encoder.encode(file.text) }));
  return { prompt: plan.prompt, attachments: [...files, ...overflow], overflowFiles: overflow.map((file) => file.name) };
}
