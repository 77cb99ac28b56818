/**
 * What an external tool returned, as the text the model reads: text parts as they are, data
 * parts decoded when they are text (JSON, XML, plain text) and summarised when they are not
 * (an image, a binary), anything else by a short note. The formatter caps the whole result.
 */

/** One part of an external tool's result, host-neutral. */
export type ExternalToolResultPart =
  | { kind: 'text'; text: string }
  | { kind: 'data'; mimeType: string; data: Uint8Array }
  | { kind: 'other'; description: string };

const TEXT_MIME = /^(text\/|application\/(json|xml|x-yaml|yaml|javascript|typescript)\b|[^;]*\+(json|xml)\b)/i;

function byteSize(bytes: number): string {
  return bytes < 1024 ? `${bytes} bytes` : `${(bytes / 1024).toFixed(1)} KB`;
}

/** One part as text. */
export function resultPartText(part: ExternalToolResultPart): string {
  if (part.kind === 'text') return part.text;
  if (part.kind === 'other') return `[${part.description}]`;
  if (TEXT_MIME.test(part.mimeType)) return new TextDecoder('utf-8', { fatal: false }).decode(part.data);
  return `[${part.mimeType} data, ${byteSize(part.data.byteLength)}: not shown]`;
}

/** The whole result as text (parts on their own lines). */
export function externalResultText(parts: readonly ExternalToolResultPart[]): string {
  return parts.map(resultPartText).filter((text) => text !== '').join('\n');
}
