/** The /sms-info page: SMS notifications and consent (docs/design.md#constants: opt-out keywords, verbal consent). */
export interface InfoSection {
  id: string
  title: string
  paragraphs: ReadonlyArray<string>
  list?: ReadonlyArray<string>
}

export const smsInfoHero = {
  badge: 'SMS notifications',
  title: 'SMS Notifications and Consent',
  lead: 'How we ask for your consent to text you, what we send, and how to stop our messages at any time.',
} as const

export const optOutKeywords = ['STOP', 'UNSUBSCRIBE', 'END'] as const

export const smsInfoSections: ReadonlyArray<InfoSection> = [
  {
    id: 'consent',
    title: 'How you give consent',
    paragraphs: [
      'Consent is verbal, given during a call with an AI agent. When you speak with our AI voice assistant, on the phone or through the call widget on this website, the agent asks whether you would like to receive text messages about your enquiry or booking. We only text you if you say yes, and we record the date and time of your consent.',
      'Consent to receive SMS is never a condition of buying anything from us.',
    ],
  },
  {
    id: 'what-we-send',
    title: 'What we send',
    paragraphs: ['Our messages relate to the enquiry or service you discussed with us, for example:'],
    list: [
      'Confirmations and reminders for calls you have booked',
      'Follow-up information you asked for during the call',
      'Updates about a project or service you are using',
    ],
  },
  {
    id: 'frequency',
    title: 'Message frequency',
    paragraphs: [
      'Message frequency varies with your enquiry or booking, and is usually no more than four messages a month. We do not send messages between 9 pm and 8 am New Zealand time, except a confirmation you have just asked for.',
    ],
  },
  {
    id: 'rates',
    title: 'Message and data rates',
    paragraphs: [
      'We do not charge for our messages. Standard message and data rates from your mobile carrier may apply to messages you send and receive.',
    ],
  },
  {
    id: 'help',
    title: 'Getting help',
    paragraphs: [
      'Reply HELP to any of our messages for help, or contact us by email at hello@kiwiautomate.co.nz. Our team is based in Auckland, New Zealand.',
    ],
  },
  {
    id: 'ai-calls',
    title: 'Calls and messages with our AI assistant',
    paragraphs: [
      'The call button on this website connects you to an AI voice assistant, not a person. Starting a call means you agree to talk to it, and the call may be recorded and transcribed so our team can follow up on what you asked for, such as a booking.',
      'When a call books a meeting, a summary of the call and its transcript go to our team with the booking, so the person you meet already knows what you would like to talk about.',
      "'Type instead' beside it reaches the same assistant by text. What you type, and its answers, are stored by our voice platform as a transcript, like a call's.",
      'We keep recordings and transcripts for at most 90 days, use them only to deal with your enquiry and to improve our service, and never sell them. Ask us at hello@kiwiautomate.co.nz and we will delete yours.',
    ],
  },
  {
    id: 'privacy',
    title: 'Privacy',
    paragraphs: [
      'We handle your mobile number under the New Zealand Privacy Act 2020. We use it only to send the messages described here, we never sell or share it for marketing, and we delete it when you opt out or when it is no longer needed. You can ask to see or correct the information we hold about you at any time.',
    ],
  },
]
