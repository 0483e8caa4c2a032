/**
 * Watching a ZIP as it streams: each entry found as exceljs's reader finds it (sizes in the header, in a data
 * descriptor, as ZIP64; stored or deflated), its content shown inflated, every byte passed on unchanged — and
 * nothing passed on past a refusal, however small the archive claims its content is.
 */
import { describe, expect, it } from 'vitest';
import { type ZipEntry, zipFile } from '../testing/zipFile';
import { BrokenZipError, watchZipStream, type ZipWatcher } from './zipStream';

/** The bytes in pieces of `size`, as an upload arrives. */
async function* pieces(bytes: Buffer, size: number): AsyncGenerator<Buffer> {
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

interface Seen {
  name: string;
  declared: number | null;
  text: string;
}

/** Watches `archive` (in pieces of `size`); answers what the watcher saw and the bytes passed on. */
async function watch(archive: Buffer, size: number, refuse?: (seen: Seen) => void) {
  const seen: Seen[] = [];
  let records = 0;
  const watcher: ZipWatcher = {
    entry: (name, declared) => void seen.push({ name, declared, text: '' }),
    data: (bytes) => {
      const current = seen.at(-1) as Seen;
      current.text += bytes.toString('latin1');
      refuse?.(current);
    },
    entryEnd: () => undefined,
    directoryRecord: () => void records++,
  };
  const forwarded: Buffer[] = [];
  const done = watchZipStream(pieces(archive, size), watcher, async (chunk) => {
    forwarded.push(chunk);
    return true;
  });
  return { done, seen, records: () => records, forwarded: () => Buffer.concat(forwarded) };
}

const ENTRIES: ZipEntry[] = [
  { name: 'a.xml', content: '<a>deflated, sizes in the header</a>' },
  { name: 'b.xml', content: '<b>stored</b>', stored: true },
  { name: 'c.xml', content: { repeat: 'descriptor PK ', times: 5000 }, descriptor: true },
  { name: 'd.xml', content: '<d>ZIP64 sizes</d>', zip64: true },
];

describe('watchZipStream', () => {
  it.each([7, 1000, 64 * 1024])(
    'shows every entry, inflated, and passes every byte on unchanged (pieces of %i bytes)',
    async (size) => {
      const archive = await zipFile(ENTRIES);
      const run = await watch(archive, size);
      await run.done;
      expect(run.seen).toEqual([
        { name: 'a.xml', declared: 36, text: '<a>deflated, sizes in the header</a>' },
        { name: 'b.xml', declared: 13, text: '<b>stored</b>' },
        { name: 'c.xml', declared: null, text: 'descriptor PK '.repeat(5000) },
        { name: 'd.xml', declared: 18, text: '<d>ZIP64 sizes</d>' },
      ]);
      expect(run.records()).toBe(4);
      expect(run.forwarded().equals(archive)).toBe(true);
    },
  );

  it('counts what an entry really inflates to, whatever its header declares', async () => {
    const archive = await zipFile([
      { name: 'bomb.bin', content: { repeat: 'x', times: 10_000_000 }, declaredSize: 1024 },
    ]);
    expect(archive.length).toBeLessThan(20_000);
    const run = await watch(archive, 4096);
    await run.done;
    expect(run.seen).toEqual([{ name: 'bomb.bin', declared: 1024, text: 'x'.repeat(10_000_000) }]);
  });

  it('passes nothing on past the piece whose content the watcher refused', async () => {
    // Past 1 MB of the 10 MB the entry inflates to, the watcher refuses; what was passed on stops before it.
    const archive = await zipFile([
      { name: 'bomb.bin', content: { repeat: 'x', times: 10_000_000 }, declaredSize: 1024 },
    ]);
    const refusal = new Error('too large');
    let inflated = 0;
    const run = await watch(archive, 256, (seen) => {
      inflated = seen.text.length;
      if (inflated > 1024 * 1024) throw refusal;
    });
    await expect(run.done).rejects.toBe(refusal);
    expect(inflated).toBeLessThan(2 * 1024 * 1024);
    const passedOn = run.forwarded().length;
    expect(passedOn).toBeLessThan(archive.length);
    // What was passed on inflates to no more than the limit: the piece that passed it was kept back.
    const again = await watch(archive.subarray(0, passedOn), 256);
    await expect(again.done).rejects.toBeInstanceOf(BrokenZipError);
    expect(again.seen[0]?.text.length).toBeLessThanOrEqual(1024 * 1024);
  });

  it('refuses what is not a ZIP archive, and one cut short', async () => {
    const notZip = await watch(Buffer.from('name,number\nAda,1\n'), 64);
    await expect(notZip.done).rejects.toBeInstanceOf(BrokenZipError);
    const archive = await zipFile(ENTRIES);
    const cut = await watch(archive.subarray(0, 60), 64);
    await expect(cut.done).rejects.toBeInstanceOf(BrokenZipError);
  });

  it('stops quietly when told to, passing nothing more on', async () => {
    const archive = await zipFile(ENTRIES);
    let passed = 0;
    const watcher: ZipWatcher = {
      entry: () => undefined,
      data: () => undefined,
      entryEnd: () => undefined,
      directoryRecord: () => undefined,
    };
    await watchZipStream(pieces(archive, 16), watcher, async () => ++passed < 3);
    expect(passed).toBe(3);
  });
});
