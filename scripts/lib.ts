/** Small helpers the repository's scripts share: run a command (output live or kept), find a Chromium. */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Runs a command from the repository root with its output shown live; resolves to its exit code. */
export function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('error', (error) => {
      console.error(`${command}: ${error.message}`);
      resolve(127);
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 128 : 1)));
  });
}

/**
 * Runs a command from the repository root with its output kept instead of shown (for steps whose output matters
 * only when they fail); resolves to its exit code and everything it printed, stdout and stderr interleaved.
 */
export function runQuietly(command: string, args: string[]): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    let output = '';
    const child = spawn(command, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    const keep = (chunk: Buffer) => {
      output += String(chunk);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('error', (error) => resolve({ code: 127, output: `${command}: ${error.message}` }));
    // 'close', not 'exit': the output is complete only once its streams have closed.
    child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 128 : 1), output }));
  });
}

/** A binary from node_modules/.bin. */
export function bin(name: string): string {
  return `${ROOT}node_modules/.bin/${name}`;
}

/** The Chromium the end-to-end tests drive: `CHROMIUM_PATH`, else Debian's `/usr/bin/chromium`, else none. */
export function findChromium(): string | undefined {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  return candidates.find((path): path is string => !!path && existsSync(path));
}

/** The Electron binary, when it was downloaded (it installs lazily from GitHub, which our machines cannot reach). */
export function electronBinary(): string | undefined {
  const pathFile = `${ROOT}node_modules/electron/path.txt`;
  if (!existsSync(pathFile)) return undefined;
  const binary = `${ROOT}node_modules/electron/dist/${readFileSync(pathFile, 'utf8').trim()}`;
  return existsSync(binary) ? binary : undefined;
}
