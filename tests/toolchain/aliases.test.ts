/**
 * Path aliases are declared once (tsconfig.base.json) and must resolve the same way for Vitest (here) and for
 * tsx, which runs the server and the scripts. A broken alias would otherwise only show when a program starts.
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import * as viaAlias from '@shared/domain/index';
import { describe, expect, it } from 'vitest';
import * as viaPath from '../../shared/domain/index';

const root = fileURLToPath(new URL('../..', import.meta.url));

describe('@shared/* resolves to shared/', () => {
  it('in Vitest', () => {
    expect(viaAlias.isTollFree).toBe(viaPath.isTollFree);
  });

  it('in tsx, from the repository root, with no build step (the public contract of shared/domain)', () => {
    const script = [
      "import { isTollFree } from '@shared/domain/index';",
      "import { formatPhone } from './shared/domain/index.ts';",
      "console.log(JSON.stringify([isTollFree('+1 (800) 555-0100'), formatPhone('+12015550123')]));",
    ].join('\n');
    const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: root,
      encoding: 'utf8',
    });
    expect(JSON.parse(out.trim())).toEqual([true, '(201) 555-0123']);
  });
});
