/**
 * What a delivery sends (docs/webhooks.md#payload): Cal.com's body `{ triggerEvent, createdAt, payload }`, or, for a
 * subscription with a `payloadTemplate`, that template with each `{{variable}}` replaced, as Cal.com renders it
 * (a dotted path into the payload, `triggerEvent` and `createdAt` beside its fields: `{{organizer.name}}`,
 * `{{attendees.0.email}}`). A template that is JSON is sent as application/json, anything else as
 * application/x-www-form-urlencoded, Cal.com's rule.
 */

export interface DeliveryBody {
  contentType: 'application/json' | 'application/x-www-form-urlencoded'
  body: string
}

const VARIABLE = /\{\{\s*([\w.-]+)\s*\}\}/g

/** A value as the template's text: strings as they are, objects and arrays as JSON, nothing for a missing one. */
function textOf(value: unknown): string {
  if (value === undefined || value === null) return ''
  if (typeof value === 'object') return JSON.stringify(value)
  return String(value)
}

/** The value at a dotted path (`attendees.0.name`), through the data's own fields only. */
function valueAt(data: unknown, path: string): unknown {
  let value = data
  for (const key of path.split('.')) {
    if (typeof value !== 'object' || value === null || !Object.hasOwn(value, key)) return undefined
    value = (value as Record<string, unknown>)[key]
  }
  return value
}

const fill = (text: string, data: unknown) => text.replace(VARIABLE, (_match, path: string) => textOf(valueAt(data, path)))

/**
 * A JSON template is filled string by string, after parsing, so a value with quotes or a line break cannot break
 * the JSON (Cal.com fills the text first, and an attendee named O"Brien would make its body invalid).
 */
function fillJson(value: unknown, data: unknown): unknown {
  if (typeof value === 'string') return fill(value, data)
  if (Array.isArray(value)) return value.map((item) => fillJson(item, data))
  if (typeof value === 'object' && value !== null)
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [fill(key, data), fillJson(item, data)]))
  return value
}

/** The template as JSON, when it is an object or an array. */
function parsedTemplate(template: string): object | undefined {
  try {
    const parsed: unknown = JSON.parse(template)
    return typeof parsed === 'object' && parsed !== null ? parsed : undefined
  } catch {
    return undefined
  }
}

export function deliveryBody(delivery: { trigger: string; createdAt: string; payload: Record<string, unknown>; payloadTemplate: string | null }): DeliveryBody {
  const { trigger: triggerEvent, createdAt, payload, payloadTemplate } = delivery
  if (!payloadTemplate) return { contentType: 'application/json', body: JSON.stringify({ triggerEvent, createdAt, payload }) }
  const data = { ...payload, triggerEvent, createdAt }
  const json = parsedTemplate(payloadTemplate)
  if (json) return { contentType: 'application/json', body: JSON.stringify(fillJson(json, data)) }
  return { contentType: 'application/x-www-form-urlencoded', body: fill(payloadTemplate, data) }
}
