/** A write_file tool for the chat tests: asks the approval broker, then writes into `files` (a Map standing in for the disk). */
import { z } from 'zod';
import { ApprovalRejectedError } from '../../../src/core/errors';
import { defineTool } from '../../../src/core/tools/defineTool';
import type { ApprovalDecision, ApprovalRequest } from '../../../src/core/workspace';
import type { ApprovalBroker } from '../../../src/ui/approvalBroker';

export function approvedWriteFileTool(broker: Pick<ApprovalBroker, 'request'>, files: Map<string, string>) {
  return defineTool({
    name: 'write_file',
    description: 'Writes a file',
    dangerous: true,
    inputSchema: z.object({ path: z.string(), content: z.string() }),
    run: async ({ path, content }, context) => {
      const decision: ApprovalDecision = await broker.request({ toolName: 'write_file', kind: 'write', path, before: files.get(path), after: content } satisfies ApprovalRequest, context.signal);
      if (decision.decision === 'reject') throw new ApprovalRejectedError(undefined, { toolName: 'write_file', reason: decision.reason });
      files.set(path, content);
      return { path, bytesWritten: content.length };
    },
  });
}
