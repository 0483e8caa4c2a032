/**
 * Area-code overlays (`GET /numbers/overlay/{areaCode}`): codes that serve the same place, so a search that finds
 * nothing in one can offer the others ("no 212 numbers left — 646, 332 and 917 ring in the same Manhattan"). The
 * North American Numbering Plan Administrator publishes these as "overlay complexes"; this table holds the
 * complexes of the larger US metros, as NANPA lists them (nationalnanpa.com, area code maps, 2024). A code not
 * listed has no overlay this table knows of — an honest "none known", not "none".
 */

/** Each complex: the codes sharing one geographic area, with the place. */
const OVERLAY_COMPLEXES: readonly { place: string; state: string; codes: readonly string[] }[] = [
  { place: 'Manhattan', state: 'NY', codes: ['212', '646', '332', '917'] },
  { place: 'Brooklyn, Queens, Bronx, Staten Island', state: 'NY', codes: ['718', '347', '929', '917'] },
  { place: 'Chicago (downtown)', state: 'IL', codes: ['312', '872'] },
  { place: 'Chicago', state: 'IL', codes: ['773', '872'] },
  { place: 'Los Angeles (downtown)', state: 'CA', codes: ['213', '323'] },
  { place: 'San Francisco', state: 'CA', codes: ['415', '628'] },
  { place: 'Miami', state: 'FL', codes: ['305', '786', '645'] },
  { place: 'Houston', state: 'TX', codes: ['713', '281', '832', '346'] },
  { place: 'Dallas', state: 'TX', codes: ['214', '469', '972', '945'] },
  { place: 'Austin', state: 'TX', codes: ['512', '737'] },
  { place: 'Boston', state: 'MA', codes: ['617', '857'] },
  { place: 'Atlanta', state: 'GA', codes: ['404', '470', '678', '770', '943'] },
  { place: 'Denver', state: 'CO', codes: ['303', '720', '983'] },
  { place: 'Las Vegas', state: 'NV', codes: ['702', '725'] },
  { place: 'Northern New Jersey', state: 'NJ', codes: ['201', '551'] },
  { place: 'Philadelphia', state: 'PA', codes: ['215', '267', '445'] },
  { place: 'Washington', state: 'DC', codes: ['202', '771'] },
];

export interface AreaCodeOverlay {
  area_code: string;
  /** The place the codes serve; empty when the code is not in the table. */
  place: string;
  state: string;
  /** The other codes of the same place, in the order NANPA opened them; empty when none is known. */
  overlays: string[];
}

/** The overlay of `areaCode`: the other codes serving its place (every complex it belongs to). */
export function areaCodeOverlay(areaCode: string): AreaCodeOverlay {
  const complexes = OVERLAY_COMPLEXES.filter((complex) => complex.codes.includes(areaCode));
  const overlays = [...new Set(complexes.flatMap((complex) => complex.codes))].filter(
    (code) => code !== areaCode,
  );
  const [first] = complexes;
  return {
    area_code: areaCode,
    place: complexes.map((complex) => complex.place).join('; '),
    state: first?.state ?? '',
    overlays,
  };
}
