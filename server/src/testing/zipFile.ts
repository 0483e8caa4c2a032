/**
 * ZIP archives (XLSX workbooks) built byte by byte for tests, with what real writers do — deflated or stored
 * entries, sizes in the local header or in a data descriptor after the content, ZIP64 sizes — and what a bomb does:
 * content of hundreds of megabytes deflated to a few hundred kilobytes (`repeat`, never held whole) under a header
 * that declares whatever size the test likes.
 */
import { crc32, createDeflateRaw } from 'node:zlib';

/** Content as text or bytes, or a unit repeated `times` (between `before` and `after`), deflated as it is made. */
export type ZipContent = string | Buffer | { before?: string; repeat: string; times: number; after?: string };

export interface ZipEntry {
  name: string;
  content: ZipContent;
  /** Stored (method 0) instead of deflated. */
  stored?: boolean;
  /** Sizes and CRC in a data descriptor after the content, none in the local header (as streaming writers do). */
  descriptor?: boolean;
  /** Sizes as ZIP64 (0xFFFFFFFF in the header, the real ones in the extra field). */
  zip64?: boolean;
  /** The inflated size the headers declare, when it should not be the real one. */
  declaredSize?: number;
}

/** The content's bytes, in pieces of about 64 KB. */
function* piecesOf(content: ZipContent): Generator<Buffer> {
  if (typeof content === 'string' || Buffer.isBuffer(content)) {
    yield Buffer.from(content);
    return;
  }
  if (content.before) yield Buffer.from(content.before);
  const perPiece = Math.max(1, Math.floor((64 * 1024) / Buffer.byteLength(content.repeat)));
  const piece = Buffer.from(content.repeat.repeat(perPiece));
  let left = content.times;
  for (; left >= perPiece; left -= perPiece) yield piece;
  if (left > 0) yield Buffer.from(content.repeat.repeat(left));
  if (content.after) yield Buffer.from(content.after);
}

/** The entry's data as written (deflated unless stored), its inflated size and CRC. */
async function encode(entry: ZipEntry): Promise<{ data: Buffer; size: number; crc: number }> {
  let size = 0;
  let crc = 0;
  if (entry.stored) {
    const pieces = [...piecesOf(entry.content)];
    for (const piece of pieces) {
      size += piece.length;
      crc = crc32(piece, crc);
    }
    return { data: Buffer.concat(pieces), size, crc };
  }
  const deflate = createDeflateRaw();
  const out: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => out.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    deflate.once('end', resolve);
    deflate.once('error', reject);
  });
  for (const piece of piecesOf(entry.content)) {
    size += piece.length;
    crc = crc32(piece, crc);
    if (!deflate.write(piece)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await ended;
  return { data: Buffer.concat(out), size, crc };
}

const u16 = (value: number) => {
  const buffer = Buffer.alloc(2);
  buffer.writeUInt16LE(value);
  return buffer;
};
const u32 = (value: number) => {
  const buffer = Buffer.alloc(4);
  buffer.writeUInt32LE(value >>> 0);
  return buffer;
};
const u64 = (value: number) => {
  const buffer = Buffer.alloc(8);
  buffer.writeBigUInt64LE(BigInt(value));
  return buffer;
};

/** The archive: the entries in order, then the central directory and its end record. */
export async function zipFile(entries: ZipEntry[]): Promise<Buffer> {
  const parts: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const { data, size, crc } = await encode(entry);
    const declared = entry.declaredSize ?? size;
    const name = Buffer.from(entry.name, 'utf8');
    const flags = 0x0800 | (entry.descriptor ? 0x0008 : 0);
    const method = entry.stored ? 0 : 8;
    const extra = entry.zip64
      ? Buffer.concat([u16(1), u16(16), u64(declared), u64(data.length)])
      : Buffer.alloc(0);
    const headerSizes = entry.zip64
      ? [u32(0xffffffff), u32(0xffffffff)]
      : entry.descriptor
        ? [u32(0), u32(0)]
        : [u32(data.length), u32(declared)];
    const local = Buffer.concat([
      u32(0x04034b50),
      u16(entry.zip64 ? 45 : 20),
      u16(flags),
      u16(method),
      u32(0),
      u32(entry.descriptor ? 0 : crc),
      ...headerSizes,
      u16(name.length),
      u16(extra.length),
      name,
      extra,
    ]);
    const descriptor = entry.descriptor
      ? Buffer.concat([u32(0x08074b50), u32(crc), u32(data.length), u32(declared)])
      : Buffer.alloc(0);
    parts.push(local, data, descriptor);
    directory.push(
      Buffer.concat([
        u32(0x02014b50),
        u16(20),
        u16(20),
        u16(flags),
        u16(method),
        u32(0),
        u32(crc),
        u32(Math.min(data.length, 0xffffffff)),
        u32(Math.min(declared, 0xffffffff)),
        u16(name.length),
        u16(0),
        u16(0),
        u16(0),
        u16(0),
        u32(0),
        u32(offset),
        name,
      ]),
    );
    offset += local.length + data.length + descriptor.length;
  }
  const central = Buffer.concat(directory);
  const end = Buffer.concat([
    u32(0x06054b50),
    u16(0),
    u16(0),
    u16(entries.length),
    u16(entries.length),
    u32(central.length),
    u32(offset),
    u16(0),
  ]);
  return Buffer.concat([...parts, central, end]);
}

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELATIONSHIPS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/**
 * An XLSX workbook of one sheet (`sheetData`'s content as given, or made as it is written) and, if given, a
 * shared-strings table (`sst`'s content) before it — so exceljs reads the sheet as it streams rather than keeping
 * it in a temporary file until the end — then any other parts. `as`: how every part is stored (a data descriptor,
 * ZIP64 sizes, not deflated).
 */
export function workbookFile(parts: {
  sheetData: ZipContent;
  sharedStrings?: ZipContent;
  extra?: ZipEntry[];
  as?: Pick<ZipEntry, 'stored' | 'descriptor' | 'zip64'>;
}): Promise<Buffer> {
  const xml = (open: string, content: ZipContent, close: string): ZipContent =>
    typeof content === 'string' || Buffer.isBuffer(content)
      ? `${open}${content}${close}`
      : { ...content, before: `${open}${content.before ?? ''}`, after: `${content.after ?? ''}${close}` };
  const own: ZipEntry[] = [
    {
      name: 'xl/workbook.xml',
      content: `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${MAIN}" xmlns:r="${RELATIONSHIPS}"><sheets><sheet name="Contacts" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      content: `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${RELATIONSHIPS}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
    },
    ...(parts.sharedStrings === undefined
      ? []
      : [
          {
            name: 'xl/sharedStrings.xml',
            content: xml(
              `<?xml version="1.0" encoding="UTF-8"?><sst xmlns="${MAIN}">`,
              parts.sharedStrings,
              '</sst>',
            ),
          },
        ]),
    {
      name: 'xl/worksheets/sheet1.xml',
      content: xml(
        `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${MAIN}"><sheetData>`,
        parts.sheetData,
        '</sheetData></worksheet>',
      ),
    },
  ];
  return zipFile([...own.map((entry) => ({ ...entry, ...parts.as })), ...(parts.extra ?? [])]);
}
