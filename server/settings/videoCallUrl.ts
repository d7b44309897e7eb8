/** VIDEO_CALL_URL: a join link, with `{room}` where each booking's own room goes (server/calendar/callLocation.ts). */
export const ROOM_PLACEHOLDER = '{room}'

/** No account for the visitor, nothing to install. */
export const DEFAULT_VIDEO_CALL_URL = `https://meet.jit.si/${ROOM_PLACEHOLDER}`
