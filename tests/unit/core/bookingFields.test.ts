import { describe, expect, it } from 'vitest'
import { phoneRules } from '../../../core/phone'
import * as v from 'valibot'
import { validateBooking, VALIDATION_MESSAGES } from '../../../core/bookingFields'
import { BookingRequestSchema } from '../../../core/bookingWire'
import { CancelRequestSchema } from '../../../core/manageWire'
import { INVISIBLE_CHARACTERS } from '../../support/invisibleCharacters'

const NZ = phoneRules('NZ')

const valid = { name: 'Aroha Ngata', email: 'aroha@example.co.nz', slot: '2026-11-22T21:00:00Z' }

const INVISIBLE = INVISIBLE_CHARACTERS

describe('booking validation (docs/design.md#validation)', () => {
  it('accepts a complete form', () => {
    expect(validateBooking(valid)).toEqual({})
  })

  it.each([
    ['', 'Name is required'],
    ['   ', 'Name is required'],
    ['A', 'Name must be at least 2 characters'],
    ['  A  ', 'Name must be at least 2 characters'],
  ])('name %j → %s', (name, message) => {
    expect(validateBooking({ ...valid, name })).toEqual({ name: message })
  })

  it.each([
    ['', 'Phone number is required'],
    ['   ', 'Phone number is required'],
    ['021 555', 'Please enter a valid phone number (for one outside New Zealand, start with + and the country code)'],
    ['call me', 'Please enter a valid phone number (for one outside New Zealand, start with + and the country code)'],
  ])('a phone call with the number %j → %s', (phone, message) => {
    expect(validateBooking({ ...valid, location: 'phone', phone }, NZ)).toEqual({ phone: message })
  })

  it.each(['021 555 0123', '(09) 379 0000', '+64 21 555 0123', '+44 20 7946 0958'])('a phone call with %j is complete', (phone) => {
    expect(validateBooking({ ...valid, location: 'phone', phone }, NZ)).toEqual({})
  })

  describe('only a number a person answers, whole (docs/booking.md, where the call happens)', () => {
    const notPersonal = 'Please enter a mobile or landline number (not premium-rate, free-phone or satellite)'
    const trailing = 'Please enter the phone number alone (an extension may follow, as in ext. 4567)'

    it.each([
      ['0900 12 345', notPersonal],
      ['+44 909 879 0000', notPersonal],
      ['+881 6 12345678', notPersonal],
      ['0800 123 456', notPersonal],
      ['0508 123 456', notPersonal],
      ['021 555 0123 ext. 4567 https://evil.test', trailing],
      ['+64 21 555 0123 https://evil.test', trailing],
      ['021 555 0123, evenings', trailing],
      ['call 021 555 0123', trailing],
    ])('%j → %s', (phone, message) => {
      expect(validateBooking({ ...valid, location: 'phone', phone }, NZ)).toEqual({ phone: message })
      expect(NZ.toE164(phone)).toBeUndefined()
    })

    it.each([
      ['021 555 0123', '+64215550123'],
      ['(09) 379 0000', '+6493790000'],
      ['021 555 0123 ext. 4567', '+64215550123;ext=4567'],
      ['+64 9 379 0000 x12', '+6493790000;ext=12'],
      ['+1 212 555 0123', '+12125550123'],
    ])('%j is kept as %s, which reads the same again', (phone, kept) => {
      expect(validateBooking({ ...valid, location: 'phone', phone }, NZ)).toEqual({})
      expect(NZ.toE164(phone)).toBe(kept)
      expect(NZ.toE164(kept)).toBe(kept)
    })

    it('shows an extension as people read it', () => {
      expect(NZ.format('+64215550123;ext=4567')).toBe('+64 21 555 0123 ext. 4567')
    })

    it('with BOOKING_PHONE_COUNTRIES, takes those countries’ numbers only, and names them', () => {
      const nearby = phoneRules('NZ', ['NZ', 'AU'])
      expect(validateBooking({ ...valid, location: 'phone', phone: '+44 20 7946 0958' }, nearby)).toEqual({ phone: 'Please enter a number in New Zealand or Australia' })
      expect(validateBooking({ ...valid, location: 'phone', phone: '+61 412 345 678' }, nearby)).toEqual({})
      expect(validateBooking({ ...valid, location: 'phone', phone: '021 555 0123' }, nearby)).toEqual({})
    })
  })

  it('without phone rules (a host who offers video alone) no number is read as valid', () => {
    expect(validateBooking({ ...valid, location: 'phone', phone: '021 555 0123' }).phone).toBe(
      'Please enter a valid phone number (for one outside New Zealand, start with + and the country code)',
    )
  })

  it('reads a number without + in the host country, and names that country when it is refused', () => {
    expect(validateBooking({ ...valid, location: 'phone', phone: '0412 345 678' }, phoneRules('AU'))).toEqual({})
    expect(validateBooking({ ...valid, location: 'phone', phone: '021 555' }, phoneRules('AU')).phone).toBe(
      'Please enter a valid phone number (for one outside Australia, start with + and the country code)',
    )
  })

  it('asks nothing of the number for a video call', () => {
    expect(validateBooking({ ...valid, location: 'video', phone: 'not a number' })).toEqual({})
  })

  it('counts the name after trimming', () => {
    expect(validateBooking({ ...valid, name: ' Jo ' })).toEqual({})
  })

  it.each([
    ['', 'Email is required'],
    ['  ', 'Email is required'],
    ['aroha', 'Please enter a valid email'],
    ['aroha@example', 'Please enter a valid email'],
    ['aroha @example.com', 'Please enter a valid email'],
    ['aroha@exa mple.com', 'Please enter a valid email'],
    ['@example.com', 'Please enter a valid email'],
    ['aroha@@example.com', 'Please enter a valid email'],
  ])('email %j → %s', (email, message) => {
    expect(validateBooking({ ...valid, email })).toEqual({ email: message })
  })

  it('accepts an email with spaces around it (values are trimmed)', () => {
    expect(validateBooking({ ...valid, email: '  aroha@example.co.nz ' })).toEqual({})
  })

  it('requires a time slot', () => {
    expect(validateBooking({ ...valid, slot: null })).toEqual({ slot: 'Please select a time slot' })
  })

  it('reports one message per field, all fields at once', () => {
    expect(validateBooking({ name: '', email: '', slot: null })).toEqual({
      name: 'Name is required',
      email: 'Email is required',
      slot: 'Please select a time slot',
    })
  })

  describe('the one text rule: each invisible character in each field', () => {
    it.each(INVISIBLE)('%s is refused in the name, the note and the cancellation reason', (_, char) => {
      expect(validateBooking({ ...valid, name: `Aroha${char} Ngata` })).toEqual({ name: 'Name cannot contain < or > or invisible characters' })
      expect(validateBooking({ ...valid, notes: `Call me${char} soon` })).toEqual({ notes: 'Notes must be at most 1,000 characters, without control or invisible characters' })
      const cancel = v.safeParse(CancelRequestSchema, { uid: 'x', cancellationReason: `Sorry${char} busy` })
      expect(cancel.issues?.map((issue) => issue.message)).toEqual(['The reason must be at most 500 characters, without control or invisible characters.'])
    })

    it('lets a reason be free text of several lines', () => {
      expect(v.safeParse(CancelRequestSchema, { uid: 'x', cancellationReason: 'Budget < $5k ->\r\nmaybe later' }).output).toEqual({ uid: 'x', cancellationReason: 'Budget < $5k ->\nmaybe later' })
    })
  })

  describe('the optional note', () => {
    const refused = { notes: 'Notes must be at most 1,000 characters, without control or invisible characters' }

    it.each([
      ['absent', undefined],
      ['empty', ''],
      ['only spaces and line breaks', '  \r\n \n '],
      ['several lines', 'We run a café.\r\nCan bookings be automated?\n\nThanks!'],
      ['1,000 characters (after trimming)', ` ${'a'.repeat(1000)}\n`],
      ['< and > as a person writes them', 'Budget < $5k, want quotes -> invoices'],
      ['markup (escaped wherever it is shown)', 'See <b>this</b>'],
      ['Persian with a zero-width non-joiner', 'می\u200cخواهم'],
      ['an emoji sequence with zero-width joiners', 'Team: 👩\u200d💻👨\u200d💻'],
    ])('%s: never blocks the booking', (_, notes) => {
      expect(validateBooking({ ...valid, notes })).toEqual({})
    })

    it.each([
      ['a control character', 'Call me\u0007 soon'],
      ['a tab', 'Topics:\tpricing'],
      ['a bidi override', 'Call me \u202Eback\u202C soon'],
      ['a bidi isolate', 'Hi \u2066there\u2069'],
      ['1,001 characters', 'a'.repeat(1001)],
      ['10,000 characters', 'x'.repeat(10_000)],
    ])('%s is refused with the sentence', (_, notes) => {
      expect(validateBooking({ ...valid, notes })).toEqual(refused)
    })
  })

  it('uses the exact texts of the spec', () => {
    expect(VALIDATION_MESSAGES).toEqual({
      nameRequired: 'Name is required',
      nameTooShort: 'Name must be at least 2 characters',
      emailRequired: 'Email is required',
      emailInvalid: 'Please enter a valid email',
      slotRequired: 'Please select a time slot',
      nameTooLong: 'Name must be at most 100 characters',
      nameForbidden: 'Name cannot contain < or > or invisible characters',
      nameLink: 'Please enter your name, not a link or an email address',
      notes: 'Notes must be at most 1,000 characters, without control or invisible characters',
      phoneRequired: 'Phone number is required',
      phoneTrailingText: 'Please enter the phone number alone (an extension may follow, as in ext. 4567)',
      phoneNotPersonal: 'Please enter a mobile or landline number (not premium-rate, free-phone or satellite)',
    })
  })

  it.each([
    ['x'.repeat(101), 'Name must be at most 100 characters'],
    ['Aroha <script>', 'Name cannot contain < or > or invisible characters'],
    ['Aroha\u0000 Ngata', 'Name cannot contain < or > or invisible characters'],
    ['Aroha\u0085 Ngata', 'Name cannot contain < or > or invisible characters'],
    ['\u202eatagN ahorA', 'Name cannot contain < or > or invisible characters'],
    ...INVISIBLE.map(([, char]) => [`Aroha${char}Ngata`, 'Name cannot contain < or > or invisible characters']),
  ])('name %j → %s', (name, message) => {
    expect(validateBooking({ ...valid, name })).toEqual({ name: message })
  })

  describe('a name that a mail program would show as a link, or an address, is refused', () => {
    it.each([
      'http://evil.test/login',
      'HTTPS://EVIL.TEST',
      'Aroha ftp://files.evil.test',
      'www.evil.test',
      'Visit WWW.EVIL.TEST',
      'evil.test/login',
      'Aroha at EVIL.TEST/login',
      'evil.test',
      'Aroha from evil.co.nz',
      'EVIL.COM',
      'Aroha, Evil.Nz',
      'aroha@evil.test',
      'Aroha (write to a@b)',
      'münchen.de',
    ])('%j', (name) => {
      expect(validateBooking({ ...valid, name })).toEqual({ name: 'Please enter your name, not a link or an email address' })
    })

    it.each([
      'J.Smith',
      'Mary St.John',
      'J. R. R. Tolkien',
      'J.R.R. Tolkien',
      "Tāne O'Brien, Jr.",
      'Aroha Ngata-Smith',
      'Dr. Aroha Ngata, Ph.D.',
      'Tom @ Acme',
      'Ngā Hau e Whā',
      'Wwwhatever Ltd',
      'Comet.Lab',
    ])('%j is a name', (name) => {
      expect(validateBooking({ ...valid, name })).toEqual({})
    })
  })

  it.each(["o'brien@example.com", 'aroha+work@example.co.nz', 'zoë@exämple.nz', 'a.b-c_d@sub-domain.example.co.nz', 'x@xn--mori-qsa.nz'])('accepts the address %s', (email) => {
    expect(validateBooking({ ...valid, email })).toEqual({})
  })

  it.each([
    'aroha\u0000@example.com',
    'a"b@example.com',
    '<aroha@example.com>',
    `${'a'.repeat(250)}@example.com`,
    // URL syntax that once reached SMTP and mailto:.
    'a@example.com?bcc=x%40evil.test',
    'a@exa=mple.com',
    'a@example.com#x',
    'a@example.com/x',
    'a%b@example.com',
    'a?b=c@example.com',
    'a#b@example.com',
    'a/b@example.com',
    '"quoted"@example.com',
    '.a@example.com',
    'a..b@example.com',
    'a@-example.com',
    'a@example-.com',
    'a@example..com',
    'a@example_x.com',
  ])(
    'refuses the address %j',
    (email) => {
      expect(validateBooking({ ...valid, email })).toEqual({ email: 'Please enter a valid email' })
    },
  )
})

describe('the form and the server agree on name and email (one rule)', () => {
  const body = (name: string, email: string) => ({
    responses: { name, email, guests: [] },
    user: 'kiwi-automate',
    start: '2026-11-23T10:00:00+13:00',
    end: '2026-11-23T10:15:00+13:00',
    eventTypeId: 7,
    eventTypeSlug: 'quick-chat',
    timeZone: 'Pacific/Auckland',
    language: 'en',
    metadata: {},
    hasHashedBookingLink: false,
    routedTeamMemberIds: null,
    skipContactOwner: false,
    _isDryRun: false,
    dub_id: null,
  })
  const names = ['', ' ', 'A', 'Jo', ' Jo ', 'x'.repeat(100), 'x'.repeat(101), 'a<b', 'a>b', 'Zoë 🎉', 'a\u0007b', 'a\tb', 'a\u202eb', 'a\u2067b']
  const emails = ['', 'a@b.co', "o'brien@example.com", 'a b@c.de', 'a@b', 'a@@b.co', 'a"b@c.de', 'a@b.co\u0000', `${'a'.repeat(243)}@example.com`, `${'a'.repeat(244)}@example.com`]

  it.each(names.flatMap((name) => emails.map((email) => [name, email] as const)))('%j, %j', (name, email) => {
    const form = Object.keys(validateBooking({ name, email, slot: '2026-11-22T21:00:00Z' })).length === 0
    const server = v.safeParse(BookingRequestSchema, body(name, email)).success
    expect(server).toBe(form)
  })
})
