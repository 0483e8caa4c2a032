/**
 * "Save as PDF" for the page on screen (a report): Chromium's own PDF printer (`webContents.printToPDF`, the print
 * stylesheet applies, so the navigation and controls are left out), then the system's save dialog, suggesting the
 * report's title in the Downloads folder. The renderer never touches the disk: it names the file, main writes it.
 */
import { join } from 'node:path';

export interface SavePdfDeps {
  /** The window's page printed to PDF bytes. */
  printToPDF(): Promise<Uint8Array>;
  /** The save dialog: the chosen path, or none when cancelled. */
  chooseFile(defaultPath: string): Promise<string | undefined>;
  writeFile(path: string, data: Uint8Array): Promise<void>;
  downloadsDir: string;
}

/** Characters Windows, macOS or Linux refuse in a file name, and control characters. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what must go.
const UNSAFE = /[<>:"/\\|?*\u0000-\u001f]/g;

/** A title as a file name every disk takes: unsafe characters become spaces, at most 100 characters, never empty. */
export function pdfFileName(title: string): string {
  const base = title
    .replace(UNSAFE, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '')
    .slice(0, 100)
    .trim();
  return `${base || 'Report'}.pdf`;
}

/** Prints, asks where, writes: true once saved, false when the person cancelled the dialog. */
export async function savePagePdf(deps: SavePdfDeps, title: string): Promise<boolean> {
  // Printed first: the page is the one the person asked to save, not whatever it shows after the dialog.
  const pdf = await deps.printToPDF();
  const path = await deps.chooseFile(join(deps.downloadsDir, pdfFileName(title)));
  if (!path) return false;
  await deps.writeFile(path.toLowerCase().endsWith('.pdf') ? path : `${path}.pdf`, pdf);
  return true;
}
