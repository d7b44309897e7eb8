/**
 * The visit's first touch (docs/booking.md#where-a-lead-came-from), in the tab's `sessionStorage` alone: no cookie,
 * no local storage, nothing sent until the visitor books. The inline loader notes it on the first page of the visit,
 * before the app runs (src/boot/appLoader.ts writes this key, as small as it can): the landing page's address with
 * its query, and the referring site's host, joined by a comma. At the first idle moment `keepFirstTouchOnly` reduces
 * that note to what a booking may carry: the landing path, the referring host when it is another site, the UTM
 * parameters and the first click id. The booking form reads it with `firstTouch`.
 */
import { CLICK_ID_NAMES, UTM_KEYS, type LeadSource, type Tracking } from '../../../core/leadSource'

/** The loader's key (src/boot/appLoader.ts), written there as a literal. */
export const FIRST_TOUCH_KEY = 'kiwi.firstTouch'

/** What the first touch keeps: the lead's fields a page knows before the form opens. */
export type FirstTouch = Pick<LeadSource, 'landingPath' | 'referrerHost' | 'tracking' | 'clickId'>

/** The loader's note (`/path?query,host`) reduced to the first touch. */
function fromNote(note: string, ownHost: string): FirstTouch {
  // The host has no comma; the address may.
  const comma = note.lastIndexOf(',')
  const host = note.slice(comma + 1)
  const address = new URL(note.slice(0, comma), 'http://first.touch')
  const tracking: Tracking = {}
  for (const key of UTM_KEYS) {
    const value = address.searchParams.get(key)
    if (value) tracking[key] = value
  }
  const clickName = CLICK_ID_NAMES.find((name) => address.searchParams.get(name))
  return {
    landingPath: address.pathname,
    ...(host && host !== ownHost ? { referrerHost: host } : {}),
    ...(Object.keys(tracking).length > 0 ? { tracking } : {}),
    ...(clickName ? { clickId: { name: clickName, value: address.searchParams.get(clickName) as string } } : {}),
  }
}

/** The first touch as stored: the reduced form (JSON), or the loader's note when nothing has reduced it yet. */
function parse(stored: string | null, ownHost: string): FirstTouch | undefined {
  if (!stored) return undefined
  if (stored.startsWith('{')) return JSON.parse(stored) as FirstTouch
  return fromNote(stored, ownHost)
}

/** The visit's first touch, or nothing (storage blocked, or a page the loader did not run on). */
export function firstTouch(): FirstTouch {
  try {
    return parse(sessionStorage.getItem(FIRST_TOUCH_KEY), location.host) ?? {}
  } catch {
    return {}
  }
}

/**
 * Reduces the loader's note to the first touch, so that the tab keeps no more of the landing page's address than a
 * booking may carry. Once: the reduced form is kept as it is.
 */
export function keepFirstTouchOnly(): void {
  try {
    const stored = sessionStorage.getItem(FIRST_TOUCH_KEY)
    if (stored && !stored.startsWith('{')) sessionStorage.setItem(FIRST_TOUCH_KEY, JSON.stringify(fromNote(stored, location.host)))
  } catch {
    // Storage blocked, or a note no URL can be made of: it is read as nothing.
  }
}
