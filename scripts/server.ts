/** `npm run server`: the platform server alone (no UI build, no desktop window). */
import { join } from 'node:path';
import { bin, ROOT, run } from './lib';

// tsx from node_modules itself, not through npx: one process less, and none of npm's own warnings in the output.
process.exit(await run(bin('tsx'), [join(ROOT, 'server', 'src', 'main.ts')]));
