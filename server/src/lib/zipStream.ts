/**
 * Watching a ZIP archive (an XLSX workbook) as it streams in, to refuse one that expands too far before whoever
 * reads it next has inflated it. Every entry's content is inflated here as its bytes arrive and shown to a
 * watcher, which counts what it likes and throws to refuse the file; each chunk is passed on (`forward`) only once
 * every byte of it that could expand has been inflated and shown. The actual inflated bytes are what count: a bomb
 * declares a small size in its header and expands to gigabytes.
 *
 * The entries are found exactly as exceljs's streaming reader finds them (unzipper 0.10's `Parse`, read front to
 * back, the central directory only skipped), so what is watched is what it will read: a local header's sizes
 * (ZIP64's from the extra field), content of the declared compressed size, or — when the header says a data
 * descriptor follows and gives no size — content up to the first descriptor signature; method 0 stored, any other
 * inflated; after the central directory, nothing up to the end-of-directory record. Whatever it would not read as
 * a ZIP (a CRX header, an unknown record, content cut short) is refused here as broken.
 */
import { createInflateRaw } from 'node:zlib';

/** Told about each entry as it streams; any method may throw to refuse the file (reading stops there). */
export interface ZipWatcher {
  /** An entry begins: its name and the inflated size its header declares (null when a data descriptor will). */
  entry(name: string, declaredSize: number | null): void;
  /** The next bytes of the entry's content, inflated, in order. */
  data(bytes: Buffer): void;
  /** The entry's content has ended. */
  entryEnd(): void;
  /** A record of the central directory (one per entry, after them all). */
  directoryRecord(): void;
}

/** Bytes that are not a ZIP archive as the reader after us would read one. */
export class BrokenZipError extends Error {
  override name = 'BrokenZipError';
}

const LOCAL_FILE = 0x04034b50;
const CENTRAL_DIRECTORY = 0x02014b50;
const END_OF_DIRECTORY = 0x06054b50;
const DESCRIPTOR = Buffer.from([0x50, 0x4b, 0x07, 0x08]);
const END_OF_DIRECTORY_SIGNATURE = Buffer.from([0x50, 0x4b, 0x05, 0x06]);
const HAS_DESCRIPTOR = 0x08;
const ZIP64_EXTRA = 0x0001;
const ZIP64_SIZE = 0xffffffff;

/** Thrown inside when `forward` says to stop: the reading ends quietly. */
const STOPPED = Symbol('stopped');

/**
 * Reads `chunks` as a ZIP archive, showing every entry to `watcher` and handing each chunk to `forward` once
 * watched (`forward` answers false to stop reading). After the end-of-directory record the rest is forwarded as it
 * comes. Rejects with what the watcher threw, a `BrokenZipError`, or the chunks' own error.
 */
export async function watchZipStream(
  chunks: AsyncIterator<Buffer>,
  watcher: ZipWatcher,
  forward: (chunk: Buffer) => Promise<boolean>,
): Promise<void> {
  const reader = new ChunkReader(chunks, forward);
  try {
    await readRecords(reader, watcher);
    await reader.forwardRest();
  } catch (error) {
    if (error !== STOPPED) throw error;
  }
}

/** The archive's records, front to back, until the end-of-directory record (or the end of the bytes). */
async function readRecords(reader: ChunkReader, watcher: ZipWatcher): Promise<void> {
  let inDirectory = false;
  for (;;) {
    const signature = await reader.take(4);
    if (!signature) return;
    switch (signature.readUInt32LE(0)) {
      case LOCAL_FILE:
        await readEntry(reader, watcher);
        break;
      case CENTRAL_DIRECTORY: {
        inDirectory = true;
        watcher.directoryRecord();
        const record = await reader.need(42);
        await reader.need(record.readUInt16LE(24) + record.readUInt16LE(26) + record.readUInt16LE(28));
        break;
      }
      case END_OF_DIRECTORY:
        await readEndOfDirectory(reader);
        return;
      default:
        // unzipper, once in the central directory, looks for the end record past anything it does not know.
        if (!inDirectory) throw new BrokenZipError('not a ZIP record');
        if (!(await reader.skipThrough(END_OF_DIRECTORY_SIGNATURE))) return;
        await readEndOfDirectory(reader);
        return;
    }
  }
}

async function readEndOfDirectory(reader: ChunkReader): Promise<void> {
  const record = await reader.need(18);
  await reader.need(record.readUInt16LE(16));
}

async function readEntry(reader: ChunkReader, watcher: ZipWatcher): Promise<void> {
  const header = await reader.need(26);
  const flags = header.readUInt16LE(2);
  const method = header.readUInt16LE(4);
  let compressedSize = header.readUInt32LE(14);
  let size = header.readUInt32LE(18);
  const name = (await reader.need(header.readUInt16LE(22))).toString('utf8');
  const extra = await reader.need(header.readUInt16LE(24));
  if (compressedSize === ZIP64_SIZE || size === ZIP64_SIZE) {
    const zip64 = zip64Sizes(extra);
    if (size === ZIP64_SIZE) size = zip64.size;
    if (compressedSize === ZIP64_SIZE) compressedSize = zip64.compressedSize;
  }
  const sizeKnown = !(flags & HAS_DESCRIPTOR) || compressedSize > 0;
  watcher.entry(name, sizeKnown ? size : null);
  const content = sizeKnown ? reader.exactly(compressedSize) : reader.until(DESCRIPTOR);
  const sink = method === 0 ? new Stored(watcher) : new Inflated(watcher);
  try {
    for await (const piece of content) await sink.write(piece);
    await sink.end();
  } finally {
    sink.close();
  }
  watcher.entryEnd();
  // The descriptor (signature, CRC, sizes) as unzipper reads it: 16 bytes, then the next record.
  if (!sizeKnown) await reader.need(16);
}

/**
 * The ZIP64 extra field's sizes, read as unzipper reads them: the first field with id 1, its uncompressed then
 * compressed size (8 bytes each).
 */
function zip64Sizes(extra: Buffer): { size: number; compressedSize: number } {
  for (let at = 0; at + 4 <= extra.length; at += 4 + extra.readUInt16LE(at + 2)) {
    if (extra.readUInt16LE(at) !== ZIP64_EXTRA) continue;
    if (at + 20 > extra.length) break;
    const size = Number(extra.readBigUInt64LE(at + 4));
    const compressedSize = Number(extra.readBigUInt64LE(at + 12));
    if (Number.isSafeInteger(size) && Number.isSafeInteger(compressedSize)) return { size, compressedSize };
    break;
  }
  throw new BrokenZipError('a ZIP64 entry without its sizes');
}

/** A stored entry's content: shown as it is. */
class Stored {
  constructor(private readonly watcher: ZipWatcher) {}
  async write(piece: Buffer): Promise<void> {
    this.watcher.data(piece);
  }
  async end(): Promise<void> {}
  close(): void {}
}

/**
 * A deflated entry's content, inflated piece by piece: `write` resolves once the piece is inflated and all it
 * expanded to has been shown to the watcher, so nothing is passed on unwatched. What the watcher throws stops the
 * inflation at once (zlib is destroyed mid-piece) and is what `write` rejects with.
 */
class Inflated {
  private readonly inflater = createInflateRaw();
  private failure: unknown = null;

  constructor(private readonly watcher: ZipWatcher) {
    this.inflater.on('readable', () => this.show());
    this.inflater.on('error', (error) => {
      this.failure ??= new BrokenZipError(`an entry does not inflate: ${error.message}`);
    });
  }

  /** Shows the watcher what zlib has inflated so far. */
  private show(): void {
    while (this.failure === null) {
      const bytes: Buffer | null = this.inflater.read();
      if (bytes === null) return;
      try {
        this.watcher.data(bytes);
      } catch (error) {
        this.failure = error;
        this.inflater.destroy();
      }
    }
  }

  private settled(start: (done: () => void) => void): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        this.inflater.off('close', done);
        this.inflater.off('end', done);
        resolve();
      };
      this.inflater.once('close', done);
      start(done);
    });
  }

  async write(piece: Buffer): Promise<void> {
    if (this.failure === null) await this.settled((done) => this.inflater.write(piece, () => done()));
    this.show();
    if (this.failure !== null) throw this.failure;
  }

  async end(): Promise<void> {
    if (this.failure === null)
      await this.settled((done) => {
        this.inflater.once('end', done);
        this.inflater.end();
        this.show();
      });
    this.show();
    if (this.failure !== null) throw this.failure;
  }

  close(): void {
    this.inflater.destroy();
  }
}

/**
 * The archive's bytes as they arrive, read by the size or up to a signature. A chunk is forwarded when the next
 * one is needed: by then every byte of it has been read, but for a header not yet whole or the last 3 bytes kept
 * while looking for a signature — too few to expand to anything.
 */
class ChunkReader {
  private buffer: Buffer = Buffer.alloc(0);
  private unforwarded: Buffer | null = null;

  constructor(
    private readonly chunks: AsyncIterator<Buffer>,
    private readonly forward: (chunk: Buffer) => Promise<boolean>,
  ) {}

  /** Forwards the last chunk read, then reads the next; false at the end of the bytes. */
  private async more(): Promise<boolean> {
    await this.release();
    const next = await this.chunks.next();
    if (next.done) return false;
    this.unforwarded = next.value;
    this.buffer = this.buffer.length ? Buffer.concat([this.buffer, next.value]) : next.value;
    return true;
  }

  private async release(): Promise<void> {
    const chunk = this.unforwarded;
    this.unforwarded = null;
    if (chunk && !(await this.forward(chunk))) throw STOPPED;
  }

  /** The next `count` bytes, or null when the bytes end first. */
  async take(count: number): Promise<Buffer | null> {
    while (this.buffer.length < count) if (!(await this.more())) return null;
    const taken = this.buffer.subarray(0, count);
    this.buffer = this.buffer.subarray(count);
    return taken;
  }

  /** The next `count` bytes; a `BrokenZipError` when the bytes end first. */
  async need(count: number): Promise<Buffer> {
    const taken = await this.take(count);
    if (!taken) throw new BrokenZipError('the archive is cut short');
    return taken;
  }

  /** The next `count` bytes, in pieces as they arrive. */
  async *exactly(count: number): AsyncGenerator<Buffer> {
    let left = count;
    while (left > 0) {
      if (!this.buffer.length && !(await this.more())) throw new BrokenZipError('the archive is cut short');
      const piece = this.buffer.subarray(0, left);
      this.buffer = this.buffer.subarray(piece.length);
      left -= piece.length;
      yield piece;
    }
  }

  /** The bytes before the first `signature`, in pieces as they arrive; the signature is left to be read. */
  async *until(signature: Buffer): AsyncGenerator<Buffer> {
    for (;;) {
      const at = this.buffer.indexOf(signature);
      if (at !== -1) {
        const piece = this.buffer.subarray(0, at);
        this.buffer = this.buffer.subarray(at);
        if (piece.length) yield piece;
        return;
      }
      // A signature may straddle two chunks: its first bytes wait for the next.
      const safe = this.buffer.length - (signature.length - 1);
      if (safe > 0) {
        const piece = this.buffer.subarray(0, safe);
        this.buffer = this.buffer.subarray(safe);
        yield piece;
      }
      if (!(await this.more())) throw new BrokenZipError('the archive is cut short');
    }
  }

  /** Drops the bytes up to and including `signature`; false when the bytes end first. */
  async skipThrough(signature: Buffer): Promise<boolean> {
    for (;;) {
      const at = this.buffer.indexOf(signature);
      if (at !== -1) {
        this.buffer = this.buffer.subarray(at + signature.length);
        return true;
      }
      this.buffer = this.buffer.subarray(Math.max(0, this.buffer.length - (signature.length - 1)));
      if (!(await this.more())) return false;
    }
  }

  /** Forwards the chunk in hand and every chunk after it, unread. */
  async forwardRest(): Promise<void> {
    await this.release();
    for (let next = await this.chunks.next(); !next.done; next = await this.chunks.next()) {
      if (!(await this.forward(next.value))) return;
    }
  }
}
