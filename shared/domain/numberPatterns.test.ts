import { describe, expect, it } from 'vitest';
import { areaCodeOverlay } from './areaCodeOverlays';
import { numberPatterns } from './numberPatterns';

describe('numberPatterns: what makes a number memorable, read in the seven digits after the area code', () => {
  it.each([
    ['+13125557777', ['repeating']],
    ['+13127777012', ['repeating']],
    ['+13125551234', ['sequence']],
    ['+13125559876', ['sequence']],
    ['+13125550100', ['round']],
    ['+13125551221', ['mirror']],
    ['+13125551212', ['mirror']],
    ['+13125550000', ['repeating', 'round']],
    ['+13125554321', ['sequence']],
    ['+13125550142', []],
    // The area code is chosen by place: its digits make no pattern.
    ['+12225550142', []],
    ['+18001234042', ['sequence']],
    ['+18001230142', []],
    // Not +1 and ten digits: nothing to read.
    ['+442071234567', []],
    ['', []],
  ])('%s → %j', (number, expected) => {
    expect(numberPatterns(number)).toEqual(expected);
  });
});

describe('areaCodeOverlay: the other codes of the same place (NANPA overlay complexes)', () => {
  it.each([
    ['212', 'NY', ['646', '332', '917']],
    ['917', 'NY', ['212', '646', '332', '718', '347', '929']],
    ['312', 'IL', ['872']],
    ['872', 'IL', ['312', '773']],
    ['305', 'FL', ['786', '645']],
  ])('%s (%s) → %j', (code, state, overlays) => {
    expect(areaCodeOverlay(code)).toMatchObject({ area_code: code, state, overlays });
  });

  it('a code the table does not know has no overlay it knows of', () => {
    expect(areaCodeOverlay('907')).toEqual({ area_code: '907', place: '', state: '', overlays: [] });
  });
});
