import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { pdfFileName, savePagePdf } from './savePdf';

describe('the PDF file name a report suggests', () => {
  it.each([
    ['Calls by source', 'Calls by source.pdf'],
    ['Calls by source: Mar 1 – Mar 31, 2026', 'Calls by source Mar 1 – Mar 31, 2026.pdf'],
    ['a/b\\c|d?e*f"g<h>i', 'a b c d e f g h i.pdf'],
    ['..hidden', 'hidden.pdf'],
    ['   ', 'Report.pdf'],
    ['\u0007bell', 'bell.pdf'],
    ['x'.repeat(150), `${'x'.repeat(100)}.pdf`],
  ])('%j → %j', (title, name) => {
    expect(pdfFileName(title)).toBe(name);
  });
});

describe('saving the page as a PDF', () => {
  const bytes = new Uint8Array([37, 80, 68, 70]);
  const deps = (chosen: string | undefined) => ({
    printToPDF: vi.fn(async () => bytes),
    chooseFile: vi.fn(async () => chosen),
    writeFile: vi.fn(async () => undefined),
    downloadsDir: '/home/ada/Downloads',
  });

  it('prints the page, suggests the title in Downloads, and writes the PDF where the person chose', async () => {
    const d = deps('/home/ada/Desktop/march.pdf');
    expect(await savePagePdf(d, 'Calls by source')).toBe(true);
    expect(d.chooseFile).toHaveBeenCalledWith(join('/home/ada/Downloads', 'Calls by source.pdf'));
    expect(d.writeFile).toHaveBeenCalledWith('/home/ada/Desktop/march.pdf', bytes);
  });

  it('adds the extension when the chosen name has none', async () => {
    const d = deps('/home/ada/Desktop/march');
    await savePagePdf(d, 'Calls');
    expect(d.writeFile).toHaveBeenCalledWith('/home/ada/Desktop/march.pdf', bytes);
  });

  it('writes nothing when the dialog is cancelled', async () => {
    const d = deps(undefined);
    expect(await savePagePdf(d, 'Calls')).toBe(false);
    expect(d.writeFile).not.toHaveBeenCalled();
  });
});
