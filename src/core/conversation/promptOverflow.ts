/**
 * Long context through a file: when a prompt is longer than a chat box takes, the big pieces
 * move into text files sent with it (the site's own upload) and the prompt names them where
 * each piece stood. What moves first: the data (tool results, the `<context …>` blocks of
 * attached files), largest first; then earlier model replies. What stays: the instructions
 * (the SYSTEM block), the user's own words and the final request, so the model still reads
 * what to do in the message itself. Pure: the browser backend decides whether the site can
 * upload; this only decides what goes where.
 */

/** A text file that carries moved pieces. */
interface OverflowFile {
  name: string;
  text: string;
}

/** The prompt to type and the files to send with it. */
interface PromptOverflowPlan {
  /** The prompt with each moved piece replaced by a line naming its file and block. */
  prompt: string;
  files: OverflowFile[];
  /** How many pieces moved. */
  movedPieces: number;
}

interface PromptOverflowOptions {
  /** Longest prompt (characters) the message may be. */
  maxPromptChars: number;
  /** Name of the n-th file (1-based). Default `ptk-context-<n>.txt`. */
  fileName?: (index: number) => string;
  /** Longest file (characters); pieces spread over several files past it. Default: one file. */
  maxFileChars?: number;
}

/** The default name of the n-th overflow file. */
export function overflowFileName(index: number): string {
  return `ptk-context-${index}.txt`;
}

/** A block of the prompt: from one role header / result line to the next. */
interface PromptBlock {
  start: number;
  end: number;
  kind: 'instructions' | 'user' | 'assistant' | 'data' | 'text';
}

/** A piece that may move: `[start, end)` of the prompt, of which `head` characters stay. */
interface MovablePiece {
  start: number;
  end: number;
  /** The leading characters that stay in the prompt (a role header, a result prefix, a context tag). */
  headLength: number;
  /** A closing part that stays too (`</context>`). */
  tailLength: number;
  /** 1: data (tool results, attached context); 2: earlier model replies. */
  tier: 1 | 2;
  /** What the file's block header calls it. */
  label: string;
}

/** Where a block starts: a role header (formatConversation) or a result / error line of a tool. */
const BLOCK_START = /(?:^|\n\n)(?=(?:SYSTEM|USER|ASSISTANT|TOOL):\n|(?:TOOL_RESULT|PTK_RESULT|TOOL_ERROR|PTK_ERROR):)/g;
const RESULT_PREFIX = /^(?:TOOL_RESULT|PTK_RESULT|TOOL_ERROR|PTK_ERROR):[ \t]?/;
const ROLE_HEADER = /^(SYSTEM|USER|ASSISTANT|TOOL):\n/;
/** An attached-context block (src/ui/mentionContext.ts). */
const CONTEXT_BLOCK = /<context\b[^>\n]*>\n?[\s\S]*?<\/context>/g;

function splitBlocks(prompt: string): PromptBlock[] {
  const starts = [0];
  for (const match of prompt.matchAll(BLOCK_START)) {
    const offset = match.index + match[0].length;
    if (offset > 0) starts.push(offset);
  }
  return starts.map((start, index) => {
    // Blocks are separated by the blank line the lookahead matched after.
    const end = index + 1 < starts.length ? starts[index + 1]! - 2 : prompt.length;
    const head = prompt.slice(start, start + 24);
    const role = ROLE_HEADER.exec(head)?.[1];
    const body = role ? head.slice(role.length + 2) : head;
    let kind: PromptBlock['kind'];
    if (role === 'TOOL' || RESULT_PREFIX.test(body)) kind = 'data';
    else if (role === 'SYSTEM') kind = index === 0 ? 'instructions' : 'text';
    else if (role === 'USER') kind = 'user';
    else if (role === 'ASSISTANT') kind = 'assistant';
    else kind = 'text';
    return { start, end, kind };
  });
}

/** The pieces of `prompt` that may move, with what of each stays. */
function movablePieces(prompt: string): MovablePiece[] {
  const blocks = splitBlocks(prompt);
  const pieces: MovablePiece[] = [];
  blocks.forEach((block, index) => {
    const text = prompt.slice(block.start, block.end);
    const last = index === blocks.length - 1;
    const header = ROLE_HEADER.exec(text)?.[0] ?? '';
    if (block.kind === 'data') {
      const prefix = header + (RESULT_PREFIX.exec(text.slice(header.length))?.[0] ?? '');
      pieces.push({ start: block.start, end: block.end, headLength: prefix.length, tailLength: 0, tier: 1, label: prefix.trim().replace(/\s+/g, ' ') || 'data' });
      return;
    }
    if (block.kind === 'assistant' && !last) {
      pieces.push({ start: block.start, end: block.end, headLength: header.length, tailLength: 0, tier: 2, label: 'ASSISTANT' });
      return;
    }
    // Instructions, the user's words and the final request stay; their attached-context blocks may move.
    for (const match of text.matchAll(CONTEXT_BLOCK)) {
      const tag = /^<context\b[^>\n]*>\n?/.exec(match[0])![0];
      pieces.push({
        start: block.start + match.index,
        end: block.start + match.index + match[0].length,
        headLength: tag.length,
        tailLength: '</context>'.length,
        tier: 1,
        label: tag.replace(/\s+/g, ' ').trim(),
      });
    }
  });
  return pieces;
}

function placeholder(fileName: string, block: number, movedChars: number): string {
  return `[moved to the attached file ${fileName}, block ${block}: ${movedChars} characters]`;
}

function note(fileNames: readonly string[], blocks: number): string {
  const files = fileNames.length === 1 ? `the attached file ${fileNames[0]}` : `the attached files ${fileNames.join(', ')}`;
  return `(This message is too long for the chat box: ${blocks} part${blocks === 1 ? '' : 's'} of it ${blocks === 1 ? 'is' : 'are'} in ${files}, each under a "=== block N ===" line. Where the message says "[moved to the attached file …, block N …]", read that block there.)\n\n`;
}

/** Which file each moved piece goes to (pieces in prompt order), and the files' names. */
function assignFiles(moved: readonly MovablePiece[], options: PromptOverflowOptions): { fileOf: number[]; names: string[] } {
  const nameOf = options.fileName ?? overflowFileName;
  const limit = options.maxFileChars ?? Number.POSITIVE_INFINITY;
  const fileOf: number[] = [];
  let file = 1;
  let size = 0;
  for (const piece of moved) {
    const length = piece.end - piece.start - piece.headLength - piece.tailLength + 64;
    if (size > 0 && size + length > limit) {
      file++;
      size = 0;
    }
    fileOf.push(file);
    size += length;
  }
  return { fileOf, names: Array.from({ length: file }, (_, index) => nameOf(index + 1)) };
}

/** Length of the prompt with `moved` (prompt order) replaced by placeholders. */
function plannedLength(promptLength: number, moved: readonly MovablePiece[], options: PromptOverflowOptions): number {
  const { fileOf, names } = assignFiles(moved, options);
  let length = promptLength + note(names, moved.length).length;
  moved.forEach((piece, index) => {
    const body = piece.end - piece.start - piece.headLength - piece.tailLength;
    length += placeholder(names[fileOf[index]! - 1]!, index + 1, body).length - body;
  });
  return length;
}

/**
 * The prompt to type and the files to attach when `prompt` is longer than `maxPromptChars`.
 * undefined when the prompt fits as it is, or when moving every piece that may move is still
 * not enough (the caller then reports the prompt as too long).
 */
export function planPromptOverflow(prompt: string, options: PromptOverflowOptions): PromptOverflowPlan | undefined {
  if (prompt.length <= options.maxPromptChars) return undefined;
  const pieces = movablePieces(prompt);
  const order = [...pieces].sort((left, right) => left.tier - right.tier || right.end - right.start - (left.end - left.start));
  const chosen: MovablePiece[] = [];
  let fits = false;
  for (const piece of order) {
    chosen.push(piece);
    const inPromptOrder = [...chosen].sort((left, right) => left.start - right.start);
    if (plannedLength(prompt.length, inPromptOrder, options) <= options.maxPromptChars) {
      fits = true;
      break;
    }
  }
  if (!fits) return undefined;
  const moved = chosen.sort((left, right) => left.start - right.start);
  const { fileOf, names } = assignFiles(moved, options);
  const fileTexts = names.map(() => [] as string[]);
  let result = '';
  let cursor = 0;
  moved.forEach((piece, index) => {
    const block = index + 1;
    const bodyStart = piece.start + piece.headLength;
    const bodyEnd = piece.end - piece.tailLength;
    const body = prompt.slice(bodyStart, bodyEnd);
    const name = names[fileOf[index]! - 1]!;
    result += prompt.slice(cursor, bodyStart) + placeholder(name, block, body.length);
    cursor = bodyEnd;
    fileTexts[fileOf[index]! - 1]!.push(`=== block ${block}: ${piece.label} ===\n${body}${body.endsWith('\n') ? '' : '\n'}`);
  });
  result += prompt.slice(cursor);
  return {
    prompt: note(names, moved.length) + result,
    files: names.map((name, index) => ({ name, text: fileTexts[index]!.join('\n') })),
    movedPieces: moved.length,
  };
}
