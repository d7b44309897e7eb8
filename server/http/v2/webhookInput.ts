/**
 * The bodies of POST and PATCH /v2/webhooks (Cal.com's CreateWebhookInputDto and its partial), checked with valibot:
 * a wrong field is a 400 naming it. Unknown fields are ignored.
 */
import * as v from 'valibot'
import { CALCOM_TRIGGERS } from '../../webhooks/triggers'
import { V2_SENTENCES } from './sentences'

export const MAX_TEMPLATE_LENGTH = 8000

const SubscriberUrl = v.pipe(v.string(V2_SENTENCES.subscriberUrl), v.trim(), v.nonEmpty(V2_SENTENCES.subscriberUrl), v.maxLength(2048, V2_SENTENCES.subscriberUrl))
const Triggers = v.pipe(
  v.array(v.picklist(CALCOM_TRIGGERS, V2_SENTENCES.triggers), V2_SENTENCES.triggers),
  v.minLength(1, V2_SENTENCES.triggers),
  v.transform((triggers) => [...new Set(triggers)]),
)
const Active = v.boolean(V2_SENTENCES.active)
/**
 * Printable ASCII: the HMAC of X-Cal-Signature-256 takes the secret's UTF-8 bytes and Standard Webhooks' raw format
 * its character codes, which agree only there. An empty one is none, as Cal.com's `no-secret-provided` reads it.
 */
const Secret = v.nullish(
  v.pipe(
    v.string(V2_SENTENCES.secret),
    v.maxLength(256, V2_SENTENCES.secret),
    v.regex(/^[\x21-\x7e]*$/, V2_SENTENCES.secret),
    v.transform((s) => (s === '' ? null : s)),
  ),
)
const Template = v.nullish(
  v.pipe(
    v.string(V2_SENTENCES.payloadTemplate),
    v.maxLength(MAX_TEMPLATE_LENGTH, V2_SENTENCES.payloadTemplate),
    v.transform((s) => (s.trim() === '' ? null : s)),
  ),
)

/** `active` may be left out: on, as a tool that subscribes means it. A missing URL or trigger list is refused as an empty one, naming it. */
export const CreateWebhookSchema = v.object(
  {
    subscriberUrl: v.optional(SubscriberUrl, ''),
    triggers: v.optional(Triggers, []),
    active: v.optional(Active, true),
    secret: Secret,
    payloadTemplate: Template,
  },
  V2_SENTENCES.bodyObject,
)

/** Any of the fields; null clears the secret or the template. */
export const UpdateWebhookSchema = v.object(
  {
    subscriberUrl: v.optional(SubscriberUrl),
    triggers: v.optional(Triggers),
    active: v.optional(Active),
    secret: v.optional(Secret),
    payloadTemplate: v.optional(Template),
  },
  V2_SENTENCES.bodyObject,
)

/** The first problem's sentence (each names its field), or the whole body's. */
export const firstProblem = (issues: readonly v.BaseIssue<unknown>[]) => issues[0]?.message ?? V2_SENTENCES.notJson
