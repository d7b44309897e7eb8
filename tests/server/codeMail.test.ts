import { describe, expect, it } from 'vitest'
import { codeMail } from '../../server/mail/codeMail'
import { mailSettings } from '../../server/mail/settings'
import { testConfig } from './support/harness'

describe('the email that carries a booking’s code (docs/design.md#email-codes)', () => {
  it('holds the code and the agency’s words only, goes to the address as given, and is not sent once the code expired', () => {
    const settings = mailSettings(testConfig({ HOST_EMAIL: 'team@kiwi.example' }), 'secret')
    const job = codeMail({ code: '042917', to: 'Jo+Book@Example.com', expiresAt: '2026-11-22T19:40:00Z', settings, newId: () => 'id-1' })
    expect(job).toMatchObject({ kind: 'code', recipient: 'visitor', notAfter: '2026-11-22T19:40:00Z', messageId: '<id-1@localhost>' })
    expect(job.message.to).toEqual({ name: '', address: 'Jo+Book@Example.com' })
    expect(job.message.replyTo).toEqual({ name: 'Kiwi Automate', address: 'team@kiwi.example' })
    expect(job.message.subject).toBe('042917 is your code to book a call with Kiwi Automate')
    expect(job.message.text).toMatch(/^Code: +042917$/m)
    expect(job.message.text).toContain('It works for 10 minutes.')
    expect(job.message.html).toContain('042917')
    expect(job.message.invite).toBeUndefined()
  })
})
