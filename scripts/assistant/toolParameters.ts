/**
 * A tool's arguments as the voice platform takes them (`function.parameters`), made from the schema the tool
 * route validates with (server/voice/toolArguments.ts) by @valibot/to-json-schema, then kept to what the
 * platform's JSON Schema has (the SDK's `Vapi.JsonSchema`: type, description, enum, pattern, format, items,
 * properties, required, title). Other keywords the route checks itself (lengths, trimming, a valid zone) are
 * left out: the platform refuses a schema that names them.
 */
import { toJsonSchema, type JsonSchema as Draft07 } from '@valibot/to-json-schema'
import type { Vapi } from '@vapi-ai/server-sdk'
import type * as v from 'valibot'

/** What the route does itself, not a schema's keyword: trimming, a check by function. */
const ROUTE_ONLY_ACTIONS = ['trim', 'check']

/** A schema or, where JSON Schema allows it, true or false (which the platform has not). */
type Definition = NonNullable<Draft07['properties']>[string]

/** An optional argument that may also be null: the model sees the argument, the route accepts null too. */
function withoutNull(schema: Draft07, at: string): Draft07 {
  if (!schema.anyOf) return schema
  const others = schema.anyOf.filter((branch) => typeof branch !== 'object' || branch.type !== 'null')
  const only = others.length === 1 ? others[0] : undefined
  if (typeof only !== 'object') throw new Error(`${at}: the voice platform's JSON Schema has no anyOf; give the argument one type`)
  return only
}

function platformSchema(draft: Definition, at: string): Vapi.JsonSchema {
  if (typeof draft !== 'object') throw new Error(`${at}: a schema must be an object`)
  const schema = withoutNull(draft, at)
  const type = schema.type
  if (typeof type !== 'string' || type === 'null') throw new Error(`${at}: the voice platform needs one type (string, number, integer, boolean, array or object)`)
  const enumValues = schema.enum?.map((value) => {
    if (typeof value !== 'string') throw new Error(`${at}: the voice platform's enum takes strings only`)
    return value
  })
  return {
    type,
    ...(schema.title !== undefined && { title: schema.title }),
    ...(schema.description !== undefined && { description: schema.description }),
    ...(enumValues && { enum: enumValues }),
    ...(schema.pattern !== undefined && { pattern: schema.pattern }),
    ...(schema.format !== undefined && { format: schema.format as Vapi.JsonSchemaFormat }),
    ...(schema.items !== undefined && { items: platformSchema(schema.items as Definition, `${at}[]`) }),
    ...(schema.properties && { properties: platformProperties(schema.properties, at) }),
    ...(schema.required && { required: schema.required }),
  }
}

function platformProperties(properties: Record<string, Definition>, at: string): Record<string, Vapi.JsonSchema> {
  return Object.fromEntries(Object.entries(properties).map(([key, property]) => [key, platformSchema(property, `${at}.${key}`)]))
}

/** `function.parameters` of a tool whose arguments `args` validates. */
export function toolParameters(name: string, args: v.GenericSchema): Vapi.OpenAiFunctionParameters {
  const draft = toJsonSchema(args, { ignoreActions: ROUTE_ONLY_ACTIONS })
  if (draft.type !== 'object' || !draft.properties) throw new Error(`${name}: a tool's arguments must be an object`)
  return { type: 'object', properties: platformProperties(draft.properties, name), ...(draft.required && { required: draft.required }) }
}
