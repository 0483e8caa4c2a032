/** `npm run server`: the platform server alone (no UI build, no desktop window). */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, run } from './lib';

const serverMain = join(ROOT, 'server', 'src', 'main.ts');
if (!existsSync(serverMain)) {
  console.log('The platform server has not landed yet: server/src/main.ts does not exist in this checkout.');
  process.exit(1);
}
process.exit(await run('npx', ['tsx', serverMain]));
