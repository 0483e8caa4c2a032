/** `npm run server`: the platform server alone (no UI build, no desktop window). */
import { join } from 'node:path';
import { ROOT, run } from './lib';

process.exit(await run('npx', ['tsx', join(ROOT, 'server', 'src', 'main.ts')]));
