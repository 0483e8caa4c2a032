/**
 * The area codes the sandbox knows a place for (the demo's caller ID, the ring card's place, the sandbox number
 * inventory's states): a small table of real US codes, not a directory.
 */

/** Area code → city and state, for the codes demos use. */
export const AREA_CODES: Readonly<Record<string, readonly [string, string]>> = Object.freeze({
  '201': ['Jersey City', 'NJ'],
  '206': ['Seattle', 'WA'],
  '212': ['New York', 'NY'],
  '213': ['Los Angeles', 'CA'],
  '305': ['Miami', 'FL'],
  '312': ['Chicago', 'IL'],
  '404': ['Atlanta', 'GA'],
  '415': ['San Francisco', 'CA'],
  '512': ['Austin', 'TX'],
  '617': ['Boston', 'MA'],
  '646': ['New York', 'NY'],
  '702': ['Las Vegas', 'NV'],
  '713': ['Houston', 'TX'],
  '720': ['Denver', 'CO'],
  '773': ['Chicago', 'IL'],
  '917': ['New York', 'NY'],
});
