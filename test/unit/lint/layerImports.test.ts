/**
 * The layer rule of eslint.config.mjs fires for every arrow it forbids, and stays quiet for
 * the arrows the layers use. Each case lints a small in-memory file, placed at a path in the
 * layer, with the project's own configuration (ESLint's Node API).
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { ESLint } from 'eslint';

const ROOT = join(__dirname, '..', '..', '..');
const eslint = new ESLint({ cwd: ROOT });

/** The layer-rule messages ESLint gives for `code` saved at `file`. */
async function layerErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(ROOT, file) });
  return result.messages.filter((message) => message.ruleId === 'ptk/layer-imports').map((message) => message.message);
}

const FORBIDDEN: Array<{ file: string; code: string; says: RegExp }> = [
  { file: 'src/tools/probe.ts', code: "import * as vscode from 'vscode';\nexport const x = vscode;", says: /tools layer.*'vscode'/ },
  { file: 'src/tools/probe.ts', code: "import { ChatSession } from '../ui/chatSession';\nexport const x = ChatSession;", says: /tools layer.*leads to src\/ui\/chatSession/ },
  { file: 'src/browser/page/probe.ts', code: "export const x = require('vscode');", says: /browser layer.*'vscode'/ },
  { file: 'src/host/node/probe.ts', code: "export const x = import('vscode');", says: /host\/node layer.*'vscode'/ },
  { file: 'src/host/node/probe.ts', code: "import { readToolSettings } from '../vscode/configuration';\nexport const x = readToolSettings;", says: /host\/node layer.*leads to src\/host\/vscode\/configuration/ },
  { file: 'src/host/vscode/probe.ts', code: "import { NodeWorkspace } from '../node/workspace';\nexport const x = NodeWorkspace;", says: /host\/vscode layer.*leads to src\/host\/node\/workspace/ },
  { file: 'src/host/shared/probe.ts', code: "import * as vscode from 'vscode';\nexport const x = vscode;", says: /host\/shared layer.*'vscode'/ },
  { file: 'src/host/shared/probe.ts', code: "import { walkFiles } from '../node/fileWalker';\nexport const x = walkFiles;", says: /host\/shared layer.*leads to src\/host\/node\/fileWalker/ },
  { file: 'src/ui/chatSession.ts', code: "import * as vscode from 'vscode';\nexport const x = vscode;", says: /ui \(pure\) layer.*'vscode'/ },
  { file: 'src/ui/someNewController.ts', code: "import { window } from 'vscode';\nexport const x = window;", says: /ui \(pure\) layer/ },
  { file: 'src/ui/chatViewProvider.ts', code: "import * as vscode from 'vscode';\nexport const x = vscode;", says: /ui \(pure\) layer.*'vscode'/ },
  { file: 'src/ui/probe.ts', code: "import { readSetting } from '../host/vscode/configuration';\nexport const x = readSetting;", says: /ui \(pure\) layer.*leads to src\/host\/vscode\/configuration/ },
  { file: 'src/newFolder/probe.ts', code: 'export const x = 1;', says: /lies in no layer/ },
  { file: 'src/webview/probe.ts', code: "import { ChatSession } from '../ui/chatSession';\nexport const x = ChatSession;", says: /webview layer.*leads to src\/ui\/chatSession/ },
  { file: 'src/webview/probe.ts', code: "import type { PTKTool } from '../core/types';\nexport type X = PTKTool;", says: /webview layer.*leads to src\/core\/types/ },
  { file: 'src/webview/probe.ts', code: "import { z } from 'zod';\nexport const x = z;", says: /webview layer.*'zod'.*only marked, dompurify/ },
  { file: 'src/shared/chat/probe.ts', code: "export { errorMessage } from '../../core/errors';", says: /shared layer.*leads to src\/core\/errors/ },
  { file: 'src/shared/chat/probe.ts', code: "import { z } from 'zod';\nexport const x = z;", says: /shared layer.*'zod'/ },
  { file: 'src/core/loop/probe.ts', code: "import { ChatSession } from '../../ui/chatSession';\nexport const x = ChatSession;", says: /core layer.*leads to src\/ui\/chatSession/ },
  { file: 'src/core/probe.ts', code: "import type { Page } from 'playwright-core';\nexport type X = Page;", says: /core layer.*'playwright-core'/ },
  { file: 'src/core/probe.ts', code: "import vscode = require('vscode');\nexport const x = vscode;", says: /core layer.*'vscode'/ },
  // The browser backend reaches the UI and the CLI as types only: its code (and Playwright) loads on first use.
  { file: 'src/ui/probe.ts', code: "import { createBrowserChatModel } from '../browser';\nexport const x = createBrowserChatModel;", says: /ui \(pure\) layer.*loads src\/browser with this file; only its types/ },
  { file: 'src/ui/probe.ts', code: "import { type OfferedChoices, describeOffer } from '../browser/modelSelection';\nexport const x: [OfferedChoices?, unknown?] = [undefined, describeOffer];", says: /ui \(pure\) layer.*src\/browser\/modelSelection with this file/ },
  { file: 'src/ui/probe.ts', code: "export { createBrowserChatModel } from '../browser';", says: /ui \(pure\) layer.*with this file/ },
  { file: 'src/host/node/probe.ts', code: "import { BrowserChatModel } from '../../browser/browserChatModel';\nexport const x = BrowserChatModel;", says: /host\/node layer.*with this file/ },
];

const ALLOWED: Array<{ file: string; code: string }> = [
  { file: 'src/host/vscode/views/chatViewProvider.ts', code: "import * as vscode from 'vscode';\nimport { ChatSessions } from '../../../ui/chatSessions';\nexport const x = [vscode, ChatSessions];" },
  { file: 'src/extension.ts', code: "import * as vscode from 'vscode';\nimport { ChatSessions } from './ui/chatSessions';\nexport const x = [vscode, ChatSessions];" },
  { file: 'src/webview/probe.ts', code: "import { reduceChat } from '../shared/chat/chatReducer';\nimport { ChatRenderer } from './render';\nimport { Marked } from 'marked';\nexport const x = [reduceChat, ChatRenderer, Marked];" },
  { file: 'src/shared/chat/probe.ts', code: "import * as z from 'zod/mini';\nimport { reduceChat } from './chatReducer';\nexport const x = [z, reduceChat];" },
  { file: 'src/tools/probe.ts', code: "import { PTKError } from '../core/errors';\nimport { readFileSync } from 'node:fs';\nexport const x = [PTKError, readFileSync];" },
  { file: 'src/core/loop/probe.ts', code: "import { DEFAULTS } from '../constants';\nimport { z } from 'zod';\nexport const x = [DEFAULTS, z];" },
  { file: 'src/host/vscode/probe.ts', code: "import * as vscode from 'vscode';\nexport const x = vscode;" },
  { file: 'src/host/vscode/probe.ts', code: "import { rankByFuzzy } from '../../shared/chat/fuzzyRank';\nexport const x = rankByFuzzy;" },
  { file: 'src/host/vscode/probe.ts', code: "import { runShellCommand } from '../shared/runCommand';\nimport { findRipgrepOnPath } from '../shared/ripgrepOnPath';\nexport const x = [runShellCommand, findRipgrepOnPath];" },
  { file: 'src/host/node/probe.ts', code: "import { runShellCommand } from '../shared/runCommand';\nimport { PTKError } from '../../core/errors';\nexport const x = [runShellCommand, PTKError];" },
  { file: 'src/ui/probe.ts', code: "import type { TurnLogEntry } from '../browser';\nimport { type OfferedChoices } from '../browser/modelSelection';\nexport type X = [TurnLogEntry, OfferedChoices];" },
  { file: 'src/ui/probe.ts', code: "export type { TurnLogEntry } from '../browser';" },
  { file: 'src/host/node/probe.ts', code: "export async function load() {\n  return import('../../browser');\n}" },
];

describe('eslint layer rule (ptk/layer-imports)', () => {
  for (const { file, code, says } of FORBIDDEN) {
    it(`refuses in ${file}: ${code.split('\n')[0]}`, async () => {
      const errors = await layerErrors(file, code);
      assert.equal(errors.length, 1, `one layer error, got ${JSON.stringify(errors)}`);
      assert.match(errors[0], says);
    });
  }

  for (const { file, code } of ALLOWED) {
    it(`allows in ${file}: ${code.split('\n')[0]}`, async () => {
      assert.deepEqual(await layerErrors(file, code), []);
    });
  }
});
