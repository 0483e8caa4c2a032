/**
 * With no API_URL configured, the desktop app runs the same platform server `npm start` runs, as a child process
 * on a free loopback port with the shared data folder, and stops it on quit — so the app works out of the box on
 * the demo workspace. Resolves to the server's URL once it says it is listening.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { join, sep } from 'node:path';

export interface EmbeddedServer {
  url: string;
  stop(): Promise<void>;
}

/**
 * How to run the server with Electron's binary as plain Node. Packaged: the bundle `npm run build` makes, from the
 * unpacked copy beside the asar archive (electron-builder.yml `asarUnpack`: Node's module loader cannot read
 * inside the archive). Unpackaged: the sources, through tsx.
 */
export function embeddedServerArgs(appRoot: string, packaged: boolean): string[] {
  if (!packaged) return ['--import', 'tsx', join(appRoot, 'server', 'src', 'main.ts')];
  const unpacked = appRoot.replace(`${sep}app.asar`, `${sep}app.asar.unpacked`);
  return [join(unpacked, 'dist-server', 'main.mjs')];
}

export function startEmbeddedServer(options: {
  /** The command that runs the server (in development: node with tsx; packaged: the bundled server). */
  command: string;
  args: readonly string[];
  dataDir: string;
  env?: Record<string, string>;
  timeoutMs?: number;
}): Promise<EmbeddedServer> {
  const child: ChildProcess = spawn(options.command, [...options.args], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: options.dataDir, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGTERM');
      reject(new Error(`The embedded server did not start in time:\n${output.slice(-2000)}`));
    }, options.timeoutMs ?? 60_000);
    const onData = (chunk: Buffer) => {
      output += String(chunk);
      const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve({
          url: match[1],
          stop: () =>
            new Promise<void>((done) => {
              if (child.exitCode !== null) return done();
              child.once('exit', () => done());
              child.kill('SIGTERM');
            }),
        });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => {
      output += String(chunk);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`The embedded server stopped (exit ${code}):\n${output.slice(-2000)}`));
    });
  });
}
