/** A calendar source's failure told without its address or password: safe for logs, `npm run calendar` and the database. */
export class SourceError extends Error {}
