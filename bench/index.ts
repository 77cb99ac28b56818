/**
 * `npm run bench`: runs every bench/*.bench.ts in its own process, one after the
 * other (so they don't compete for the 2 cores), and prints their figures. Each
 * benchmark prints its own lines: the figure, the ratio against a naive baseline
 * measured in the same run, the target, and PASS/MISS; a benchmark that misses a goal exits
 * non-zero, and so does `npm run bench`.
 * `npm run bench -- parser` runs only the benchmarks whose file name contains "parser".
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

const filter = process.argv[2];
const files = readdirSync(__dirname)
  .filter((name) => name.endsWith('.bench.ts') && (!filter || name.includes(filter)))
  .sort();

let failed = 0;
for (const file of files) {
  console.log(`\n## ${file}`);
  const result = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', join(__dirname, file)], { stdio: 'inherit' });
  if (result.status !== 0) failed++;
}
console.log(`\n${files.length} benchmark files run, ${failed} failed (a goal missed, or an error)`);
process.exit(failed === 0 ? 0 : 1);
