/**
 * How far an uploaded XLSX file may expand when opened, checked WHILE it streams (docs/decisions.md "Contact
 * files: how far a spreadsheet may expand"). A workbook is a ZIP of XML parts: 67 KB can inflate to a 64 MB
 * string, a table of millions of strings or a style table of millions of entries, each of which exceljs's
 * streaming reader would build in memory. lib/zipStream.ts inflates each part as its bytes arrive and shows it
 * here before exceljs is given those bytes; the first limit passed refuses the file (`SpreadsheetLimitError`, a
 * 422 on `file`), so nothing is ever inflated, parsed or held past a limit.
 *
 * Checked on the parts as they inflate (`XlsxLimits`): the total size of the parts, the number of parts, and — in
 * the XML exceljs parses, read the way exceljs reads it (workbook-reader.js, worksheet-reader.js) — the length of a
 * cell's text and of a shared string, the pieces of a rich-text string, the cells of a row and of the file, the
 * shared strings and their text in all, a row's text, column definitions, the elements of the other parts it parses
 * (styles, the workbook, its relationships), and any one run of text or markup (the XML parser holds each whole).
 * Checked on the rows as read (`SheetText`), once shared strings are resolved (a cell may name a string another
 * thousand cells name too): a row's text and the text in all. (A cell past the last column, XFD, exceljs refuses
 * itself.)
 */
import type { ZipWatcher } from '../../lib/zipStream';

/** The limits; a real contact file never comes near any of them (docs/decisions.md says why each). */
export const XLSX_LIMITS = {
  /** The parts' inflated size, in all: a 100,000-contact workbook is ≈ 45 MB. */
  expandedBytes: 256 * 1024 * 1024,
  /** Parts of the archive: a workbook has a dozen or two. */
  parts: 1_000,
  /** Characters of text in all: what the 50 MB a CSV may carry holds. */
  textChars: 50_000_000,
  /** Cells of the sheets, and strings of the shared-strings table. */
  cells: 5_000_000,
  /** Characters of one cell or shared string (Excel's own limit), and pieces of one rich-text string. */
  cellChars: 32_767,
  /** Columns: cells of a row and column definitions of a sheet (Excel's own limit, XFD). */
  columns: 16_384,
  /** Characters of one row's text: as long as a CSV row may be (readers.ts, 1 MB). */
  rowChars: 1_000_000,
  /** Elements of a part exceljs turns into objects, other than sheets and shared strings (styles, workbook). */
  partElements: 500_000,
  /** Bytes of one run of text, tag, comment or CDATA section, which the XML parser holds whole. */
  xmlRunBytes: 256 * 1024,
} as const;

const count = (value: number) => value.toLocaleString('en-US');
const SPLIT = 'split it and import the parts one after another.';

export const XLSX_LIMIT_MESSAGES = {
  expanded: `The file expands to more than ${XLSX_LIMITS.expandedBytes / 1024 / 1024} MB when opened; ${SPLIT}`,
  parts: `The file has more than ${count(XLSX_LIMITS.parts)} parts (sheets, pictures and the like); copy the contacts into a new workbook and import that.`,
  text: `The file expands to more than ${count(XLSX_LIMITS.textChars)} characters of text when opened; ${SPLIT}`,
  cells: `The file has more than ${count(XLSX_LIMITS.cells)} cells; ${SPLIT}`,
  cell: `The file has a cell longer than ${count(XLSX_LIMITS.cellChars)} characters, more than a spreadsheet cell holds.`,
  columns: `The file has a row wider than ${count(XLSX_LIMITS.columns)} columns, more than a spreadsheet has.`,
  row: `The file has a row longer than ${count(XLSX_LIMITS.rowChars)} characters; a contact is never that long.`,
  partElements: (part: string) =>
    `The file could not be read as an XLSX workbook: ${part} has more than ${count(XLSX_LIMITS.partElements)} elements, more than a spreadsheet program writes.`,
  xmlRun: `The file could not be read as an XLSX workbook: it holds more than ${XLSX_LIMITS.xmlRunBytes / 1024} KB of text or markup in one piece.`,
  doctype:
    'The file could not be read as an XLSX workbook: it declares a document type, which a workbook never does.',
} as const;

/** A limit passed: the file is refused with this message, for the person who sent it. */
export class SpreadsheetLimitError extends Error {
  override name = 'SpreadsheetLimitError';
}

function refuse(message: string): never {
  throw new SpreadsheetLimitError(message);
}

/** How exceljs's streaming reader reads a part, by its name (workbook-reader.js `parse`). */
type PartKind = 'sharedStrings' | 'worksheet' | 'parsed' | 'other';

const PARSED_PARTS = new Set(['xl/workbook.xml', 'xl/_rels/workbook.xml.rels', 'xl/styles.xml']);

function partKind(name: string): PartKind {
  if (name === 'xl/sharedStrings.xml') return 'sharedStrings';
  if (PARSED_PARTS.has(name)) return 'parsed';
  // exceljs's own pattern, unanchored as it is there.
  if (/xl\/worksheets\/sheet\d+[.]xml/.test(name)) return 'worksheet';
  // Drained unread (themes, pictures, a sheet's relationships with hyperlinks ignored): only their size counts.
  return 'other';
}

/** The counts that span the whole file. */
interface FileCounts {
  /** Characters of the shared strings. */
  text: number;
  cells: number;
  strings: number;
}

/** The ZIP watcher for an XLSX upload (lib/zipStream.ts): throws `SpreadsheetLimitError` at the first limit passed. */
export class XlsxLimits implements ZipWatcher {
  private parts = 0;
  private records = 0;
  private declared = 0;
  private expanded = 0;
  private readonly counts: FileCounts = { text: 0, cells: 0, strings: 0 };
  private part: XmlPart | null = null;

  entry(name: string, declaredSize: number | null): void {
    if (++this.parts > XLSX_LIMITS.parts) refuse(XLSX_LIMIT_MESSAGES.parts);
    // What the headers declare is known before a byte is inflated; what the parts really expand to is counted below.
    this.declared += declaredSize ?? 0;
    if (this.declared > XLSX_LIMITS.expandedBytes) refuse(XLSX_LIMIT_MESSAGES.expanded);
    const kind = partKind(name);
    this.part = kind === 'other' ? null : new XmlPart(name, kind, this.counts);
  }

  data(bytes: Buffer): void {
    this.expanded += bytes.length;
    if (this.expanded > XLSX_LIMITS.expandedBytes) refuse(XLSX_LIMIT_MESSAGES.expanded);
    this.part?.scan(bytes);
  }

  entryEnd(): void {
    this.part = null;
  }

  directoryRecord(): void {
    if (++this.records > XLSX_LIMITS.parts) refuse(XLSX_LIMIT_MESSAGES.parts);
  }
}

// ---------------------------------------------------------------------------------------------------------------
// One XML part, scanned byte by byte

const LT = 0x3c;
const GT = 0x3e;
const SLASH = 0x2f;
const BANG = 0x21;
const QUESTION = 0x3f;
const AMP = 0x26;
const SEMICOLON = 0x3b;
const QUOTE = 0x22;
const APOSTROPHE = 0x27;
const DASH = 0x2d;
const BRACKET = 0x5d;

enum State {
  Text,
  /** Just after `<`. */
  Open,
  Tag,
  /** After `<!`: a comment, a CDATA section or a declaration, told by what follows. */
  Bang,
  Comment,
  Cdata,
  Instruction,
}

const CDATA_OPEN = '[CDATA[';
/** Enough of a tag's name to tell the elements that matter (`sheetData` the longest) from the rest. */
const NAME_BYTES = 12;

/**
 * A lexer for one part: it finds text, tags (with their attributes' quotes), comments, CDATA and processing
 * instructions, and keeps the element state exceljs keeps (worksheet-reader.js, workbook-reader.js
 * `_parseSharedStrings`), so the text it counts for a cell is the text exceljs would gather for it.
 */
class XmlPart {
  private state = State.Text;
  /** Bytes of the run of text or markup so far. */
  private run = 0;
  private entity = false;
  private name = '';
  private naming = false;
  private closing = false;
  private quote = 0;
  private lastInTag = 0;
  private bang = '';
  /** The last two bytes of a comment, CDATA section or instruction, to find its end. */
  private previous = 0;
  private last = 0;
  private elements = 0;

  // A worksheet, as worksheet-reader.js sees it.
  private inSheetData = false;
  private inRow = false;
  private inCell = false;
  private inCols = false;
  /** Whether a value (`<v>`, `<t>`, `<f>`, `<is>` in a cell) has begun: exceljs adds any later text to it. */
  private hasValue = false;
  private valueChars = 0;
  private rowCells = 0;
  private rowChars = 0;
  private cols = 0;

  // The shared strings, as `_parseSharedStrings` sees them: the string being built gathers all text since the last.
  private inString = false;
  private stringChars = 0;
  private stringRuns = 0;

  constructor(
    private readonly partName: string,
    private readonly kind: Exclude<PartKind, 'other'>,
    private readonly counts: FileCounts,
  ) {}

  scan(bytes: Buffer): void {
    for (let index = 0; index < bytes.length; index++) {
      const byte = bytes[index] as number;
      if (++this.run > XLSX_LIMITS.xmlRunBytes) refuse(XLSX_LIMIT_MESSAGES.xmlRun);
      switch (this.state) {
        case State.Text:
          if (byte === LT) {
            this.state = State.Open;
            this.run = 1;
            this.entity = false;
          } else if (this.entity) {
            if (byte === SEMICOLON) this.entity = false;
          } else {
            if (byte === AMP) this.entity = true;
            // A character starts at every byte but UTF-8's continuation bytes; an entity (`&amp;`) is one.
            if ((byte & 0xc0) !== 0x80) this.character();
          }
          break;
        case State.Open:
          this.name = '';
          this.closing = false;
          this.quote = 0;
          this.lastInTag = 0;
          if (byte === BANG) {
            this.state = State.Bang;
            this.bang = '';
          } else if (byte === QUESTION) {
            this.state = State.Instruction;
            this.previous = 0;
            this.last = 0;
          } else {
            this.state = State.Tag;
            this.naming = true;
            if (byte === SLASH) this.closing = true;
            else this.tagByte(byte);
          }
          break;
        case State.Tag:
          this.tagByte(byte);
          break;
        case State.Bang:
          this.bang += String.fromCharCode(byte);
          if (this.bang === '--' || this.bang === CDATA_OPEN) {
            this.state = this.bang === '--' ? State.Comment : State.Cdata;
            this.previous = 0;
            this.last = 0;
          } else if (!'--'.startsWith(this.bang) && !CDATA_OPEN.startsWith(this.bang)) {
            // <!DOCTYPE …>, <!ENTITY …>: declarations OOXML forbids in a package's parts (ECMA-376 part 2).
            refuse(XLSX_LIMIT_MESSAGES.doctype);
          }
          break;
        case State.Comment:
          this.endsAfter(byte, this.previous === DASH && this.last === DASH);
          break;
        case State.Cdata:
          this.endsAfter(byte, this.previous === BRACKET && this.last === BRACKET);
          break;
        case State.Instruction:
          this.endsAfter(byte, this.last === QUESTION);
          break;
      }
    }
  }

  /** Ends a comment (`-->`), CDATA section (`]]>`) or instruction (`?>`) at a `>` after what closes it. */
  private endsAfter(byte: number, closed: boolean): void {
    if (byte === GT && closed) {
      this.state = State.Text;
      this.run = 0;
    }
    this.previous = this.last;
    this.last = byte;
  }

  private tagByte(byte: number): void {
    if (this.quote) {
      if (byte === this.quote) this.quote = 0;
      return;
    }
    if (byte === GT) {
      this.state = State.Text;
      this.run = 0;
      this.naming = false;
      this.element(this.lastInTag === SLASH && !this.closing);
      return;
    }
    const space = byte === 0x20 || byte === 0x09 || byte === 0x0a || byte === 0x0d;
    if (this.naming) {
      if (space || byte === SLASH) this.naming = false;
      // A longer name is none of those that matter, and stays longer than them all.
      else if (this.name.length <= NAME_BYTES) this.name += String.fromCharCode(byte);
    } else if (byte === QUOTE || byte === APOSTROPHE) {
      this.quote = byte;
    }
    if (!space) this.lastInTag = byte;
  }

  /** A tag ended: an element opened (and closed at once when self-closing), or closed. */
  private element(selfClosing: boolean): void {
    if (this.closing) {
      this.close(this.name);
      return;
    }
    if (this.kind === 'parsed' && ++this.elements > XLSX_LIMITS.partElements)
      refuse(XLSX_LIMIT_MESSAGES.partElements(this.partName));
    this.open(this.name);
    if (selfClosing) this.close(this.name);
  }

  private open(name: string): void {
    if (this.kind === 'worksheet') {
      switch (name) {
        case 'sheetData':
          this.inSheetData = true;
          break;
        case 'row':
          if (!this.inSheetData) break;
          this.inRow = true;
          this.rowCells = 0;
          this.rowChars = 0;
          break;
        case 'c':
          if (!this.inRow) break;
          this.inCell = true;
          if (++this.rowCells > XLSX_LIMITS.columns) refuse(XLSX_LIMIT_MESSAGES.columns);
          if (++this.counts.cells > XLSX_LIMITS.cells) refuse(XLSX_LIMIT_MESSAGES.cells);
          break;
        case 'f':
        case 'v':
        case 'is':
        case 't':
          if (!this.inCell) break;
          this.hasValue = true;
          this.valueChars = 0;
          break;
        case 'cols':
          this.inCols = true;
          break;
        case 'col':
          // exceljs keeps every column definition of the sheet.
          if (this.inCols && ++this.cols > XLSX_LIMITS.columns) refuse(XLSX_LIMIT_MESSAGES.columns);
          break;
      }
    } else if (this.kind === 'sharedStrings' && name === 'si') {
      this.inString = true;
      this.stringChars = 0;
      this.stringRuns = 0;
    }
  }

  private close(name: string): void {
    if (this.kind === 'worksheet') {
      switch (name) {
        case 'sheetData':
          this.inSheetData = false;
          break;
        case 'row':
          this.inRow = false;
          break;
        case 'c':
          if (this.inRow) this.inCell = false;
          break;
        case 'cols':
          this.inCols = false;
          break;
      }
    } else if (this.kind === 'sharedStrings') {
      if (name === 'r' && ++this.stringRuns > XLSX_LIMITS.cellChars) refuse(XLSX_LIMIT_MESSAGES.cell);
      if (name === 'si') {
        if (++this.counts.strings > XLSX_LIMITS.cells) refuse(XLSX_LIMIT_MESSAGES.cells);
        this.inString = false;
        this.stringChars = 0;
        this.stringRuns = 0;
      }
    }
  }

  /**
   * A character of text, counted where exceljs would gather it. A sheet's text passes (a row at a time: what rows
   * hold in all is `SheetText`'s to count); the shared strings' is kept whole while the sheet is read.
   */
  private character(): void {
    if (this.kind === 'worksheet') {
      if (!this.hasValue) return;
      if (++this.valueChars > XLSX_LIMITS.cellChars) refuse(XLSX_LIMIT_MESSAGES.cell);
      if (this.inRow && ++this.rowChars > XLSX_LIMITS.rowChars) refuse(XLSX_LIMIT_MESSAGES.row);
    } else if (this.kind === 'sharedStrings') {
      if (++this.stringChars > XLSX_LIMITS.cellChars) refuse(XLSX_LIMIT_MESSAGES.cell);
      if (this.inString && ++this.counts.text > XLSX_LIMITS.textChars) refuse(XLSX_LIMIT_MESSAGES.text);
    }
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The rows as read

/**
 * The limits on the rows exceljs gives, shared strings resolved: one string may stand in a thousand cells, so the
 * text of the rows can outgrow the text of the file.
 */
export class SheetText {
  private total = 0;

  /** Counts a row's text. */
  row(cells: readonly string[]): void {
    let length = 0;
    for (const cell of cells) length += cell.length;
    if (length > XLSX_LIMITS.rowChars) refuse(XLSX_LIMIT_MESSAGES.row);
    this.total += length;
    if (this.total > XLSX_LIMITS.textChars) refuse(XLSX_LIMIT_MESSAGES.text);
  }
}
