/** The /docs page: sections with anchors for the sidebar and illustrative code samples (docs/design.md#wire). */
export interface CodeSampleData {
  /** What the sample shows, used in the Copy button's accessible name. */
  title: string
  language: 'bash' | 'json' | 'javascript'
  code: string
}

export interface DocParam {
  name: string
  type: string
  description: string
}

export interface DocSection {
  id: string
  title: string
  paragraphs: ReadonlyArray<string>
  params?: ReadonlyArray<DocParam>
  samples: ReadonlyArray<CodeSampleData>
}

export const docsHero = {
  badge: 'Developers',
  title: 'API Documentation',
  lead: 'Send SMS and email messages, manage contacts and react to events from your own systems. The examples below are illustrative; your API key and base URL are in your dashboard.',
} as const

export const API_BASE = 'https://api.kiwiautomate.co.nz/v1'

export const docSections: ReadonlyArray<DocSection> = [
  {
    id: 'introduction',
    title: 'Introduction',
    paragraphs: [
      `The Kiwi Automate API is a JSON REST API. Every request goes to ${API_BASE} over HTTPS, and every response is JSON with a standard HTTP status code.`,
      'Requests are authenticated with a short-lived bearer token that you exchange for your API key. Keep your API key on your server; never put it in a browser or mobile app.',
    ],
    samples: [],
  },
  {
    id: 'authentication',
    title: 'Authentication',
    paragraphs: [
      'Exchange your API key for an access token with POST /auth/token. Ask only for the scopes you need. The token is valid for the number of seconds in expires_in; request a new one when it expires.',
    ],
    params: [
      { name: 'api_key', type: 'string', description: 'Your secret API key from the dashboard.' },
      { name: 'scope', type: 'string', description: 'Space-separated permissions, for example "messages:send contacts:read".' },
    ],
    samples: [
      {
        title: 'Request an access token',
        language: 'bash',
        code: `curl -X POST ${API_BASE}/auth/token \\
  -H "Content-Type: application/json" \\
  -d '{
    "api_key": "ka_live_your_api_key",
    "scope": "messages:send"
  }'`,
      },
      {
        title: 'Token response',
        language: 'json',
        code: `{
  "token": "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9...",
  "expires_in": 3600
}`,
      },
    ],
  },
  {
    id: 'send-message',
    title: 'Sending messages',
    paragraphs: [
      'Send an SMS with POST /messages/send. Numbers are in international format (E.164). Only message people who have given consent; recipients can reply STOP, UNSUBSCRIBE or END to opt out, and we block further messages to them automatically.',
    ],
    params: [
      { name: 'to', type: 'string', description: 'The recipient, for example "+6421555123".' },
      { name: 'message', type: 'string', description: 'The text to send, up to 918 characters (6 SMS segments).' },
    ],
    samples: [
      {
        title: 'Send a message',
        language: 'javascript',
        code: `const response = await fetch('${API_BASE}/messages/send', {
  method: 'POST',
  headers: {
    Authorization: \`Bearer \${token}\`,
    'Content-Type': 'application/json',
  },
  body: JSON.stringify({
    to: '+6421555123',
    message: 'Kia ora Sarah, your appointment is confirmed for Monday at 10am.',
  }),
})
const { id, status } = await response.json()`,
      },
    ],
  },
  {
    id: 'webhooks',
    title: 'Webhooks',
    paragraphs: [
      'Register an HTTPS endpoint in your dashboard to receive events such as message.delivered, message.replied and contact.opted_out. Each delivery is a POST with a JSON body and an X-Kiwi-Signature header, an HMAC-SHA256 of the raw body with your webhook secret. Check the signature before trusting the event, and answer with a 2xx status within 10 seconds.',
    ],
    samples: [
      {
        title: 'Webhook event',
        language: 'json',
        code: `{
  "id": "evt_01HZX4Q7M2",
  "type": "message.replied",
  "created_at": "2024-09-12T08:15:00Z",
  "data": {
    "message_id": "msg_01HZX4M9K1",
    "from": "+6421555123",
    "text": "Yes, see you Monday!"
  }
}`,
      },
    ],
  },
  {
    id: 'errors',
    title: 'Errors and limits',
    paragraphs: [
      'Errors answer with a 4xx or 5xx status and a JSON body with a message field that explains what went wrong. A 401 means the token is missing or expired; a 422 means a field is invalid; a 429 means you sent too many requests, and the Retry-After header says how many seconds to wait.',
      'Each account can send up to 10 requests per second. Contact us if you need a higher limit.',
    ],
    samples: [],
  },
]
