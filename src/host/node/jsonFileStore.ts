/**
 * The JSON-file Context Manager: one `<conversationId>.json` per conversation in a folder.
 * Writes are atomic (temporary file, then rename). A file that is not a valid conversation
 * is reported with a clear error on load and kept (renamed `.corrupt-<time>`) on the next
 * save, so nothing is lost.
 */
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { assertConversationId, copyMessages } from '../../core/context/conversationId';
import { PTKError, PTKErrorCode } from '../../core/errors';
import type { IContextManager } from '../../core/ports';
import type { PTKMessage } from '../../core/types';

const toolCallSchema = z.object({
  tool: z.string(),
  args: z.record(z.string(), z.unknown()),
  reasoning: z.string().optional(),
  id: z.string().optional(),
});

const messageSchema = z.object({
  role: z.enum(['system', 'user', 'assistant', 'tool']),
  content: z.string(),
  toolCalls: z.array(toolCallSchema).optional(),
  toolCallId: z.string().optional(),
  toolName: z.string().optional(),
  compacted: z.boolean().optional(),
});

const fileSchema = z.object({
  version: z.literal(1),
  conversationId: z.string(),
  savedAt: z.string(),
  messages: z.array(messageSchema),
});

const EXTENSION = '.json';

export class JsonFileContextManager implements IContextManager {
  constructor(private readonly directory: string) {}

  private fileOf(conversationId: string): string {
    assertConversationId(conversationId);
    return join(this.directory, `${conversationId}${EXTENSION}`);
  }

  /** The stored messages ([] when there is no file). Throws CONFIG_INVALID for a damaged file. */
  async load(conversationId: string): Promise<PTKMessage[]> {
    const file = this.fileOf(conversationId);
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
    return this.parse(file, text);
  }

  private parse(file: string, text: string): PTKMessage[] {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (error) {
      throw new PTKError(`Conversation file ${file} is not valid JSON: ${(error as Error).message}`, { code: PTKErrorCode.CONFIG_INVALID, cause: error });
    }
    const parsed = fileSchema.safeParse(json);
    if (!parsed.success) {
      throw new PTKError(`Conversation file ${file} is not a saved conversation:\n${z.prettifyError(parsed.error)}`, { code: PTKErrorCode.CONFIG_INVALID });
    }
    return parsed.data.messages as PTKMessage[];
  }

  async save(conversationId: string, messages: PTKMessage[]): Promise<void> {
    const file = this.fileOf(conversationId);
    const checked = z.array(messageSchema).safeParse(copyMessages(messages));
    if (!checked.success) {
      throw new PTKError(`Cannot save conversation ${conversationId}: invalid messages:\n${z.prettifyError(checked.error)}`, { code: PTKErrorCode.CONFIG_INVALID });
    }
    await mkdir(this.directory, { recursive: true });
    await this.keepDamagedFile(file);
    const body = JSON.stringify({ version: 1, conversationId, savedAt: new Date().toISOString(), messages: checked.data }, null, 2);
    const temporary = `${file}.${process.pid}.${Date.now()}.tmp`;
    await writeFile(temporary, body, 'utf8');
    await rename(temporary, file);
  }

  /** A damaged existing file is renamed aside instead of being overwritten. */
  private async keepDamagedFile(file: string): Promise<void> {
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch {
      return;
    }
    try {
      this.parse(file, text);
    } catch {
      await rename(file, `${file}.corrupt-${Date.now()}`);
    }
  }

  async list(): Promise<string[]> {
    let names: string[];
    try {
      names = await readdir(this.directory);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
    return names.filter((name) => name.endsWith(EXTENSION)).map((name) => name.slice(0, -EXTENSION.length)).sort();
  }

  async delete(conversationId: string): Promise<void> {
    await rm(this.fileOf(conversationId), { force: true });
  }
}
