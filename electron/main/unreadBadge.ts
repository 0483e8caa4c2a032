/**
 * The unread count outside the window: the macOS dock badge (and Linux launchers that support one) through
 * `app.setBadgeCount`, and on Windows, which has no badge count, an overlay icon on the taskbar button — a red
 * disc with the count, "9+" past nine — described for screen readers as "N unread". The tray's tooltip shows it too
 * (tray.ts). The disc is drawn here as a bitmap, so no image per count has to ship.
 */

/** What the badge says: nothing at zero, the count up to nine, then "9+". */
export function badgeLabel(count: number): string | null {
  const whole = Math.max(0, Math.floor(Number.isFinite(count) ? count : 0));
  if (whole === 0) return null;
  return whole > 9 ? '9+' : String(whole);
}

/** A 3×5 pixel font: each glyph is five rows of three bits, left to right. */
const GLYPHS: Readonly<Record<string, readonly string[]>> = {
  '0': ['111', '101', '101', '101', '111'],
  '1': ['010', '110', '010', '010', '111'],
  '2': ['111', '001', '111', '100', '111'],
  '3': ['111', '001', '111', '001', '111'],
  '4': ['101', '101', '111', '001', '001'],
  '5': ['111', '100', '111', '001', '111'],
  '6': ['111', '100', '111', '101', '111'],
  '7': ['111', '001', '010', '010', '010'],
  '8': ['111', '101', '111', '101', '111'],
  '9': ['111', '101', '111', '001', '111'],
  '+': ['000', '010', '111', '010', '000'],
};
const GLYPH = { width: 3, height: 5, gap: 1 };
/** Mantine's red 8, with white text: a 4.6:1 contrast. */
const DISC = { blue: 0x31, green: 0x31, red: 0xe0 };
const SUBSAMPLES = 4;

export interface Bitmap {
  /** Raw pixels, 4 bytes each in BGRA order (what `nativeImage.createFromBitmap` takes). */
  buffer: Buffer;
  width: number;
  height: number;
}

/** Draws the badge: an anti-aliased red disc filling the square, with the label in white, centred. */
export function drawBadge(label: string, size = 32): Bitmap {
  const buffer = Buffer.alloc(size * size * 4);
  const radius = size / 2;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      let inside = 0;
      for (let sy = 0; sy < SUBSAMPLES; sy++) {
        for (let sx = 0; sx < SUBSAMPLES; sx++) {
          const dx = x + (sx + 0.5) / SUBSAMPLES - radius;
          const dy = y + (sy + 0.5) / SUBSAMPLES - radius;
          if (dx * dx + dy * dy <= radius * radius) inside++;
        }
      }
      const offset = (y * size + x) * 4;
      buffer[offset] = DISC.blue;
      buffer[offset + 1] = DISC.green;
      buffer[offset + 2] = DISC.red;
      buffer[offset + 3] = Math.round((255 * inside) / (SUBSAMPLES * SUBSAMPLES));
    }
  }

  const glyphs = [...label].map((character) => GLYPHS[character]).filter((glyph) => glyph !== undefined);
  const textWidth = glyphs.length * GLYPH.width + Math.max(0, glyphs.length - 1) * GLYPH.gap;
  // The label fits in the square inscribed in the disc (about 70% of it), in whole pixels so it stays crisp.
  const room = size * 0.7;
  const pixel = Math.max(1, Math.floor(Math.min(room / textWidth, room / GLYPH.height)));
  const left = Math.round((size - textWidth * pixel) / 2);
  const top = Math.round((size - GLYPH.height * pixel) / 2);
  glyphs.forEach((rows, index) => {
    const glyphLeft = left + index * (GLYPH.width + GLYPH.gap) * pixel;
    rows.forEach((row, rowIndex) => {
      [...row].forEach((bit, column) => {
        if (bit !== '1') return;
        for (let py = 0; py < pixel; py++) {
          for (let px = 0; px < pixel; px++) {
            const offset = ((top + rowIndex * pixel + py) * size + glyphLeft + column * pixel + px) * 4;
            buffer.fill(0xff, offset, offset + 4);
          }
        }
      });
    });
  });
  return { buffer, width: size, height: size };
}

export interface BadgeTargets {
  platform: NodeJS.Platform;
  /** `app.setBadgeCount`: the dock (macOS) and supporting Linux launchers. */
  setBadgeCount(count: number): unknown;
  /** The main window's `setOverlayIcon` (Windows), or null while there is no window. */
  setOverlayIcon(bitmap: Bitmap | null, description: string): void;
}

/** Shows the count where the platform shows counts; each overlay label is drawn once. */
export class UnreadBadge {
  private shown = 0;
  private readonly drawn = new Map<string, Bitmap>();

  constructor(private readonly targets: BadgeTargets) {}

  set(count: number): void {
    const label = badgeLabel(count);
    const whole = label === null ? 0 : Math.floor(count);
    if (this.targets.platform !== 'win32') {
      this.targets.setBadgeCount(whole);
      return;
    }
    if (whole === this.shown) return;
    this.shown = whole;
    if (label === null) {
      this.targets.setOverlayIcon(null, '');
      return;
    }
    let bitmap = this.drawn.get(label);
    if (!bitmap) {
      bitmap = drawBadge(label);
      this.drawn.set(label, bitmap);
    }
    this.targets.setOverlayIcon(bitmap, `${whole} unread`);
  }
}
