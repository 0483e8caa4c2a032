/**
 * The usage meter counts segments in SQL by the same rule the composer shows and carriers bill
 * (shared/domain/sms.ts `countSegments`): each text below is counted by the database and by the rule, on PGlite
 * and PostgreSQL alike.
 */
import { countSegments } from '@shared/domain/sms';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sharedTestApp } from '../../../testing/testApp';
import { segmentsSql } from './usage';

const t = sharedTestApp();

const TEXTS: [string, string][] = [
  ['empty (a picture alone is still one message)', ''],
  ['short GSM-7', 'Your car is ready for pickup.'],
  ['160 GSM-7 characters: one segment', 'a'.repeat(160)],
  ['161 GSM-7 characters: two of 153', 'a'.repeat(161)],
  ['extension characters count two (80 × "€" = 160 septets)', '€'.repeat(80)],
  ['81 × "{": 162 septets, two segments', '{'.repeat(81)],
  ['every bracket special of the class: ^ ] [ \\ - ~ |', '^][\\-~| a-b [x] ^y'],
  ['GSM-7 letters outside ASCII', 'Grüße aus Åland: £5, ¥7, ÑÖ Δ§¿'],
  ['one character outside GSM-7 makes it UCS-2 (70 in one)', `${'a'.repeat(69)}ç`],
  ['71 UCS-2 units: two of 67', `${'a'.repeat(70)}ç`],
  ['an emoji is two UTF-16 units (35 × 😀 = 70)', '😀'.repeat(35)],
  ['36 emoji: 72 units, two segments', '😀'.repeat(36)],
  ['Chinese, 140 characters: three of 67', '中'.repeat(140)],
  ['newlines and carriage returns are GSM-7', 'Line one\nLine two\r\nLine three'],
  ['a tab is not GSM-7', 'Price:\t$5'],
];

describe('segments in SQL are countSegments of shared/domain/sms.ts', () => {
  it.each(TEXTS)('%s', async (_name, text) => {
    const [row] = await t.ctx.db
      .select({ segments: segmentsSql(sql`${text}::text`) })
      .from(sql`(select 1) as one`);
    expect(Number(row?.segments)).toBe(Math.max(1, countSegments(text).segments));
  });
});
