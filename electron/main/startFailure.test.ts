/**
 * A desktop app whose start fails — here the embedded server cannot run (no API_URL, and no server where main
 * looks for it) — says so in an error box and exits, instead of running on with no window.
 */
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { app, BrowserWindow, dialog, resetFakeElectron } from '../../tests/fakes/electron';

vi.mock('electron-store', () => ({
  default: class MemoryStore {
    get() {
      return undefined;
    }
    set() {}
    delete() {}
  },
}));
vi.mock('electron-updater', () => ({ default: { autoUpdater: {} } }));

const saved = process.env.API_URL;

beforeAll(() => {
  resetFakeElectron();
  delete process.env.API_URL;
});

afterAll(() => {
  if (saved !== undefined) process.env.API_URL = saved;
});

it('shows why in an error box and exits', async () => {
  await import('./index');
  app.emitReady();
  await vi.waitFor(() => expect(app.exitCode).toBe(1), { timeout: 20_000 });
  expect(dialog.errors).toHaveLength(1);
  expect(dialog.errors[0]?.title).toBe('Switchboard could not start');
  expect(dialog.errors[0]?.content).toMatch(/embedded server stopped/);
  expect(BrowserWindow.all).toHaveLength(0);
}, 30_000);
