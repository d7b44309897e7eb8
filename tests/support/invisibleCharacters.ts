/**
 * Characters the one text rule refuses (docs/design.md#one-text-rule), each found by review passing older rules
 * into the agency's email, the owner feed or `npm run bookings`: [what it is, the character].
 */
export const INVISIBLE_CHARACTERS: [string, string][] = [
  ['U+200B zero-width space', '\u200b'],
  ['U+200E left-to-right mark', '\u200e'],
  ['U+200F right-to-left mark', '\u200f'],
  ['U+061C Arabic letter mark', '\u061c'],
  ['U+FEFF zero-width no-break space', '\ufeff'],
  ['U+2028 line separator', '\u2028'],
  ['U+2029 paragraph separator', '\u2029'],
  ['U+202E right-to-left override', '\u202e'],
  ['U+2067 right-to-left isolate', '\u2067'],
  ['U+00AD soft hyphen', '\u00ad'],
  ['U+E0041 tag letter A', '\u{e0041}'],
  ['U+0085 next line (C1)', '\u0085'],
  ['U+0007 bell (C0)', '\u0007'],
]
