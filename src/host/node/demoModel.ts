/**
 * The scripted responder behind `ptk demo`: a stand-in for a real model that follows
 * the PTK protocol (reads package.json, lists the TypeScript files, answers from the
 * results it was sent). It reacts to what it receives, so the demo shows the real loop,
 * tools and parser at work; it is not an LLM and says so.
 */
import { ScriptedChatModel } from '../../core/testing';

function resultData(prompt: string): unknown {
  const index = prompt.lastIndexOf('TOOL_RESULT:');
  if (index === -1) return undefined;
  try {
    return (JSON.parse(prompt.slice(index + 'TOOL_RESULT:'.length).trim().split('\n\n')[0]) as { data?: unknown }).data;
  } catch {
    return undefined;
  }
}

export function createDemoModel(): ScriptedChatModel {
  let version = '';
  return new ScriptedChatModel(
    (prompt, call) => {
      if (call.index === 0) {
        return 'I will read package.json first.\n<TOOL_CALL>\n{"tool": "read_file", "args": {"path": "package.json"}, "reasoning": "The version is in package.json"}\n</TOOL_CALL>';
      }
      if (call.index === 1) {
        const data = resultData(prompt) as { content?: string } | undefined;
        version = /"version"\s*:\s*"([^"]+)"/.exec(data?.content ?? prompt)?.[1] ?? 'unknown';
        return '<TOOL_CALL>\n{"tool": "list_files", "args": {"directory": ".", "pattern": "**/*.ts"}}\n</TOOL_CALL>';
      }
      const data = resultData(prompt) as { files?: Array<string | { path: string }> } | undefined;
      const files = (data?.files ?? []).map((file) => (typeof file === 'string' ? file : file.path));
      return `The version in package.json is ${version}.\n\nTypeScript files (${files.length}):\n${files.map((file) => `- ${file}`).join('\n')}`;
    },
    { keepsThread: true, chunkSize: 12 },
  );
}
