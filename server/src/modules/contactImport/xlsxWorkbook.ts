/**
 * exceljs's streaming WorkbookReader with its `parse` redone (exceljs 4.4.0, lib/stream/xlsx/workbook-reader.js),
 * for two faults of the original:
 *
 * - It lost parts. It walks the archive's entries with `iterateStream(zip)`, which stops at the zip stream's 'end';
 *   but unzipper 0.10's `Parse` emits 'end' as soon as its writable side finishes (parse.js:
 *   `self.on('finish', () => self.emit('end'))`), while entries it has parsed may still wait in its readable side —
 *   which they do whenever exceljs is busy with an earlier entry, as when it copies a sheet to a temporary file. A
 *   small file arriving in one chunk in Excel's own order (the sheet, then styles and shared strings) lost its
 *   shared strings that way, and every text cell came out as `{ sharedString: n }`. Here the entries are read
 *   until the stream has really ended (`readableEnded`, which only the end of its readable side sets).
 * - A sheet that comes before the shared strings waits in a temporary file until they are read; exceljs deleted it
 *   only after reading it to the end, else at process exit. Here the files live in one directory per workbook,
 *   removed when reading stops, however it stops (`discard`).
 *
 * The parts are read by exceljs's own methods, as the original does; hyperlink parts are not read (the contact
 * import ignores hyperlinks).
 */
import { createReadStream, createWriteStream, type ReadStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Duplex, Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import ExcelJS from 'exceljs';

/** The unzipper exceljs itself depends on (0.10; lib/zipStream.ts finds entries exactly as it does). */
const unzipper = createRequire(createRequire(import.meta.url).resolve('exceljs'))('unzipper') as {
  Parse(options: { forceStream: boolean }): Duplex;
};

interface ZipEntry extends Readable {
  path: string;
  autodrain(): unknown;
}

interface ReaderEvent {
  eventType: string;
  value: unknown;
}

/** What `parse` uses of exceljs's WorkbookReader beyond its typings. */
interface ReaderInternals {
  input: Readable;
  sharedStrings?: unknown[];
  workbookRels?: unknown;
  _parseRels(entry: Readable): Promise<void>;
  _parseWorkbook(entry: Readable): Promise<void>;
  _parseStyles(entry: Readable): Promise<void>;
  _parseSharedStrings(entry: Readable): AsyncGenerator<ReaderEvent>;
  _parseWorksheet(chunks: AsyncIterable<Buffer>, sheetNo: string): Generator<ReaderEvent>;
}

const SHEET = /xl\/worksheets\/sheet(\d+)[.]xml/;

/**
 * The entries of unzipper's `Parse` stream, in order, until its readable side has ended — not at the 'end' it
 * emits early (above).
 */
async function* entriesOf(zip: Duplex): AsyncGenerator<ZipEntry> {
  let failure: { error: unknown } | null = null;
  let wake: (() => void) | null = null;
  const onError = (error: unknown) => {
    failure ??= { error };
    wake?.();
  };
  zip.on('error', onError);
  try {
    for (;;) {
      if (failure) throw (failure as { error: unknown }).error;
      const entry: ZipEntry | null = zip.read();
      if (entry !== null) {
        yield entry;
        continue;
      }
      if (zip.readableEnded) return;
      await new Promise<void>((resolve) => {
        const done = () => {
          zip.off('readable', done);
          zip.off('end', done);
          wake = null;
          resolve();
        };
        wake = done;
        zip.on('readable', done);
        zip.on('end', done);
      });
    }
  } finally {
    zip.off('error', onError);
  }
}

/** Reads a workbook as exceljs's WorkbookReader does, every part kept whatever their order (above). */
export class WorkbookReader extends ExcelJS.stream.xlsx.WorkbookReader {
  /** The directory of this workbook's temporary files, once one is needed. */
  private temporary: Promise<string> | null = null;

  override async *parse(): AsyncGenerator<ReaderEvent> {
    const reader = this as unknown as ReaderInternals;
    const zip = unzipper.Parse({ forceStream: true });
    reader.input.pipe(zip);
    // Sheets read before the shared strings (or the workbook's relationships), kept until those are read.
    const waiting: { sheetNo: string; path: string }[] = [];
    let sheet: ReadStream | null = null;
    try {
      for await (const entry of entriesOf(zip)) {
        const sheetNo = SHEET.exec(entry.path)?.[1];
        if (entry.path === 'xl/_rels/workbook.xml.rels') await reader._parseRels(entry);
        else if (entry.path === 'xl/workbook.xml') await reader._parseWorkbook(entry);
        else if (entry.path === 'xl/sharedStrings.xml') yield* reader._parseSharedStrings(entry);
        else if (entry.path === 'xl/styles.xml') await reader._parseStyles(entry);
        else if (sheetNo !== undefined) {
          if (reader.sharedStrings && reader.workbookRels) {
            yield* reader._parseWorksheet(entry, sheetNo);
          } else {
            const path = join(await this.directory(), `${waiting.length}.xml`);
            await pipeline(entry, createWriteStream(path));
            waiting.push({ sheetNo, path });
          }
        }
        entry.autodrain();
      }
      for (const { sheetNo, path } of waiting) {
        sheet = createReadStream(path);
        yield* reader._parseWorksheet(sheet, sheetNo);
        sheet = null;
      }
    } finally {
      // Stopped in the middle of a sheet read from its file (a preview has its rows): closed before it is removed.
      const open = sheet;
      if (open && !open.closed)
        await new Promise<void>((resolve) => open.once('close', () => resolve()).destroy());
      await this.discard();
    }
  }

  private directory(): Promise<string> {
    this.temporary ??= mkdtemp(join(tmpdir(), 'switchboard-xlsx-'));
    return this.temporary;
  }

  /**
   * Removes the temporary files. Also for whoever stops waiting on `parse` without returning it (a refused upload:
   * it would never come back to run its `finally`).
   */
  async discard(): Promise<void> {
    const directory = this.temporary;
    this.temporary = null;
    // A file still being written is removed all the same where the system allows it (not on Windows): then it
    // stays for the system's own clean-up of its temporary directory.
    await directory?.then((path) => rm(path, { recursive: true, force: true })).catch(() => undefined);
  }
}
