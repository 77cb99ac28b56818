/** Helpers shared by the in-VS-Code suites. */
import * as assert from 'node:assert/strict';
import { join, relative, sep } from 'node:path';
import type { PTKTool } from '../../../src/core/types';
import * as vscode from 'vscode';
import type { PTKExtensionApi } from '../../../src/extension';
import { waitFor } from './runner';

/** The sample workspace's folder (the first root). */
export function workspaceRoot(api: PTKExtensionApi): string {
  const root = api.workspace.roots[0];
  assert.ok(root, 'a workspace folder is open');
  return root;
}

/** Absolute path of a fixture file, from its '/'-separated relative path. */
export function fixturePath(api: PTKExtensionApi, relativePath: string): string {
  return join(workspaceRoot(api), ...relativePath.split('/'));
}

/** Path relative to the root with '/' separators. */
export function relativeToRoot(api: PTKExtensionApi, absolutePath: string): string {
  return relative(workspaceRoot(api), absolutePath).split(sep).join('/');
}

/**
 * Asserts that `promise` rejects with a PTK error of `code`. (The suite is bundled apart from
 * the extension, so classes differ: the stable `code` is what is compared.)
 */
export async function assertRejectsWithCode(promise: Promise<unknown>, code: string, messagePattern?: RegExp): Promise<Error> {
  let caught: unknown;
  try {
    await promise;
  } catch (error) {
    caught = error;
  }
  assert.ok(caught instanceof Error, `expected a rejection with code ${code}, got ${caught === undefined ? 'success' : String(caught)}`);
  assert.equal((caught as { code?: string }).code, code, `error code (message: ${caught.message})`);
  if (messagePattern) assert.match(caught.message, messagePattern);
  return caught;
}

/** Calls a tool the way the loop does: arguments validated by its schema, then its handler. */
export async function callTool(tools: readonly PTKTool[], name: string, args: Record<string, unknown>, signal: AbortSignal = new AbortController().signal): Promise<any> {
  const tool = tools.find((candidate) => candidate.name === name);
  assert.ok(tool, `tool ${name} exists (have: ${tools.map((candidate) => candidate.name).join(', ')})`);
  const parsed = tool.inputSchema ? tool.inputSchema.parse(args) : args;
  return tool.handler(parsed, { signal, toolCallId: `test_${name}`, iteration: 0 });
}

/** Drops a test's unsaved edits (the revert command takes the resource) and closes the editors. */
export async function revertAndClose(document: vscode.TextDocument): Promise<void> {
  await vscode.window.showTextDocument(document);
  await vscode.commands.executeCommand('workbench.action.files.revert', document.uri);
  await waitFor(`${document.uri.fsPath} reverted`, () => !document.isDirty);
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
}
