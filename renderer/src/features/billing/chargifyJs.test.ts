/**
 * Loading Chargify.js without the network: the <script> element the loader adds is caught before it reaches the
 * document, and the test fires its load or error event itself. Each test takes a fresh copy of the module, so the
 * promise it keeps starts empty.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChargifyForm } from './chargifyJs';

class FakeChargify implements ChargifyForm {
  load() {}
  token() {}
  unload() {}
}

let added: HTMLScriptElement[];

beforeEach(() => {
  vi.resetModules();
  added = [];
  vi.spyOn(document.head, 'appendChild').mockImplementation(<T extends Node>(node: T): T => {
    if (node instanceof HTMLScriptElement) added.push(node);
    return node;
  });
});

afterEach(() => {
  vi.restoreAllMocks();
  delete window.Chargify;
});

const freshLoader = async () => (await import('./chargifyJs')).loadChargifyJs;

describe('loadChargifyJs', () => {
  it('adds one script from js.chargify.com, shared by every caller, and answers its Chargify', async () => {
    const load = await freshLoader();
    const first = load();
    const second = load();
    expect(second).toBe(first);
    expect(added).toHaveLength(1);
    expect(added[0]?.src).toBe('https://js.chargify.com/latest/chargify.js');

    window.Chargify = FakeChargify;
    added[0]?.dispatchEvent(new Event('load'));
    await expect(first).resolves.toBe(FakeChargify);
    expect(load()).toBe(first);
    expect(added).toHaveLength(1);
  });

  it('uses a Chargify already on the page without adding a script', async () => {
    window.Chargify = FakeChargify;
    const load = await freshLoader();
    await expect(load()).resolves.toBe(FakeChargify);
    expect(added).toHaveLength(0);
  });

  it('a script that fails says why, and the next call tries a fresh script', async () => {
    const load = await freshLoader();
    const failed = load();
    added[0]?.dispatchEvent(new Event('error'));
    await expect(failed).rejects.toThrow(
      'The card form could not load. Check your connection and try again. (https://js.chargify.com/latest/chargify.js did not load)',
    );

    const retried = load();
    expect(retried).not.toBe(failed);
    expect(added).toHaveLength(2);
    window.Chargify = FakeChargify;
    added[1]?.dispatchEvent(new Event('load'));
    await expect(retried).resolves.toBe(FakeChargify);
  });

  it('a script that loads but defines no Chargify is a failure too', async () => {
    const load = await freshLoader();
    const loaded = load();
    added[0]?.dispatchEvent(new Event('load'));
    await expect(loaded).rejects.toThrow(/loaded but defined no Chargify/);
  });
});
