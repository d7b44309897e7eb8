/** Zone ids as people read them, on the site and in its emails alike. */

/** A zone's id as people read it, and as the 'Time zone' box shows it: 'America/New York'. */
export const readableZone = (id: string) => id.replace(/_/g, ' ')
