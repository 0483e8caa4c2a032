/**
 * SMS segments and encoding (spec §5 text length; what a carrier bills): one rule for the composer, campaigns and
 * billing.
 *
 * SMS segments of a text: GSM-7 (160 characters in one segment, 153 per part when split; the extension
 * characters `^{}\[~]|€` and form feed count two) or, when any character is outside GSM-7, UCS-2 (70 in one, 67
 * per part; characters outside the BMP, such as most emoji, count two UTF-16 units).
 */
export const GSM_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
export const GSM_EXTENDED = '^{}\\[~]|€\f';

const basic = new Set(GSM_BASIC);
const extended = new Set(GSM_EXTENDED);

export interface SegmentCount {
  encoding: 'GSM-7' | 'UCS-2';
  /** Characters as the person typing sees them (code points). */
  characters: number;
  /** Code units of the encoding (septets for GSM-7, UTF-16 units for UCS-2). */
  units: number;
  segments: number;
}

export function countSegments(text: string): SegmentCount {
  const characters = Array.from(text).length;
  let septets = 0;
  let gsm = true;
  for (const char of text) {
    if (basic.has(char)) septets += 1;
    else if (extended.has(char)) septets += 2;
    else {
      gsm = false;
      break;
    }
  }
  if (gsm) {
    return {
      encoding: 'GSM-7',
      characters,
      units: septets,
      segments: septets === 0 ? 0 : septets <= 160 ? 1 : Math.ceil(septets / 153),
    };
  }
  const units = text.length;
  return {
    encoding: 'UCS-2',
    characters,
    units,
    segments: units <= 70 ? 1 : Math.ceil(units / 67),
  };
}

/** The characters of a text outside GSM-7, each once in the order met: what makes it UCS-2. */
export function nonGsmCharacters(text: string): string[] {
  const found = new Set<string>();
  for (const char of text) if (!basic.has(char) && !extended.has(char)) found.add(char);
  return [...found];
}
