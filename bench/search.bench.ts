/**
 * search_code vs raw ripgrep on the same 10,000-file tree.
 * Figure: median wall time of one search_code call (tool → NodeWorkspace → rg → parse → format)
 * against one raw `rg` run with the same query over the same tree (output discarded).
 * Target: ratio ≤ 1.3×. Needs an `rg` on PATH (Debian: `apt-get install ripgrep`).
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { findRipgrepOnPath } from '../src/host/shared/ripgrepOnPath';
import { NodeWorkspace } from '../src/host/node/workspace';
import { createWorkspaceTools } from '../src/tools';

const FILE_COUNT = 10_000;
const FOLDERS = 100;
const RUNS = 9;
const TARGET_RATIO = 1.3;
const QUERY = 'rareNeedleToken';

function buildTree(root: string): void {
  for (let index = 0; index < FILE_COUNT; index++) {
    const folder = path.join(root, 'src', `module${index % FOLDERS}`);
    if (index < FOLDERS) mkdirSync(folder, { recursive: true });
    const lines: string[] = [];
    for (let line = 0; line < 30; line++) lines.push(`export function helper${index}_${line}(value: number): number { return value * ${line} + ${index}; }`);
    if (index % 97 === 0) lines.push(`// ${QUERY} in file ${index}`);
    writeFileSync(path.join(folder, `file${index}.ts`), lines.join('\n') + '\n');
  }
}

function rawRipgrep(ripgrep: string, root: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(ripgrep, ['--line-number', '--column', '--no-heading', '--fixed-strings', '--ignore-case', QUERY], { cwd: root, stdio: ['ignore', 'pipe', 'ignore'] });
    let lines = 0;
    child.stdout.on('data', (chunk: Buffer) => {
      for (const byte of chunk) if (byte === 10) lines++;
    });
    child.on('error', reject);
    child.on('close', () => resolve(lines));
  });
}

function median(values: number[]): number {
  const sorted = [...values].sort((left, right) => left - right);
  return sorted[Math.floor(sorted.length / 2)]!;
}

async function main(): Promise<void> {
  const ripgrep = findRipgrepOnPath();
  if (!ripgrep) {
    console.log('search.bench: no rg on PATH (install the Debian package "ripgrep"); MISS (not measured)');
    return;
  }
  const root = mkdtempSync(path.join(tmpdir(), 'ptk-search-bench-'));
  try {
    const buildStarted = Date.now();
    buildTree(root);
    console.log(`tree: ${FILE_COUNT} files in ${FOLDERS} folders, built in ${Date.now() - buildStarted} ms; rg: ${ripgrep}`);
    const tools = createWorkspaceTools(new NodeWorkspace({ roots: [root], ripgrepPath: ripgrep }));
    const searchCode = tools.find((tool) => tool.name === 'search_code')!;
    const context = { signal: new AbortController().signal, toolCallId: 'bench', iteration: 0 };
    const runTool = async () => (await searchCode.handler(searchCode.inputSchema!.parse({ query: QUERY }), context)) as { count: number };

    // Warm-up (page cache, JIT), and a sanity check that both find the same matches.
    const toolCount = (await runTool()).count;
    const rawCount = await rawRipgrep(ripgrep, root);
    if (toolCount !== rawCount) throw new Error(`search_code found ${toolCount} matches, raw rg ${rawCount}`);

    const toolTimes: number[] = [];
    const rawTimes: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      let started = performance.now();
      await rawRipgrep(ripgrep, root);
      rawTimes.push(performance.now() - started);
      started = performance.now();
      await runTool();
      toolTimes.push(performance.now() - started);
    }
    const toolMedian = median(toolTimes);
    const rawMedian = median(rawTimes);
    const ratio = toolMedian / rawMedian;
    console.log(`search_code: ${toolMedian.toFixed(1)} ms median over ${RUNS} runs (${toolCount} matches)`);
    console.log(`raw rg baseline (same run, same tree, same query): ${rawMedian.toFixed(1)} ms median`);
    console.log(`ratio: ${ratio.toFixed(2)}x  target: <= ${TARGET_RATIO}x  ${ratio <= TARGET_RATIO ? 'PASS' : 'MISS'}`);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
