/** A request body the API reads: `application/json`, parameters allowed. Refusing others also refuses the form posts another site could make a browser send. */
export const isJsonContentType = (header: string | undefined): boolean => /^application\/json\s*(;|$)/i.test(header ?? '')
