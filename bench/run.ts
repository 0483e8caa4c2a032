/**
 * `npm run bench -- <name>` runs bench/<name>.ts; with no name it lists the benchmarks. Benchmarks print their
 * figures; they are run by hand (or by an issue that asks for them), never as tests.
 */
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));
const available = readdirSync(here)
  .filter((file) => file.endsWith('.ts') && file !== 'run.ts')
  .map((file) => file.replace(/\.ts$/, ''));

const names = process.argv.slice(2);
if (names.length === 0) {
  console.log(`Benchmarks: ${available.join(', ')}\nRun one with: npm run bench -- <name>`);
  process.exit(0);
}
for (const name of names) {
  if (!available.includes(name)) {
    console.error(`No benchmark named "${name}". Available: ${available.join(', ')}`);
    process.exit(1);
  }
  console.log(`\n== bench/${name}.ts ==`);
  await import(`./${name}.ts`);
}
