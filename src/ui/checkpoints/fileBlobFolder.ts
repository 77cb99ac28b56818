/**
 * The checkpoints' large contents on disk: `<root>/<conversation>/<sha256>`, one file per
 * content (the name is the hash, so a content is written once and a torn write is caught when
 * read back). The root is a folder of the extension's own storage, never the workspace.
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { ConfigurationError, PTKErrorCode } from '../../core/errors';
import type { BlobFolder } from './checkpointStore';

/** A conversation id as a folder name (ids are generated, but a stored one is not trusted). */
function folderName(conversationId: string): string {
  return conversationId.replace(/[^A-Za-z0-9_-]/g, '_') || '_';
}

export class FileBlobFolder implements BlobFolder {
  constructor(private readonly root: string) {}

  private file(conversationId: string, sha256: string): string {
    if (!/^[0-9a-f]{64}$/.test(sha256)) throw new ConfigurationError(`Not a content hash: ${sha256}`, { code: PTKErrorCode.PATH_INVALID });
    return path.join(this.root, folderName(conversationId), sha256);
  }

  async write(conversationId: string, sha256: string, bytes: Uint8Array): Promise<void> {
    const target = this.file(conversationId, sha256);
    await fs.mkdir(path.dirname(target), { recursive: true });
    await fs.writeFile(target, bytes);
  }

  async read(conversationId: string, sha256: string): Promise<Uint8Array | undefined> {
    try {
      return new Uint8Array(await fs.readFile(this.file(conversationId, sha256)));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  async remove(conversationId: string, sha256: string): Promise<void> {
    await fs.rm(this.file(conversationId, sha256), { force: true });
  }

  async removeConversation(conversationId: string): Promise<void> {
    await fs.rm(path.join(this.root, folderName(conversationId)), { recursive: true, force: true });
  }
}
