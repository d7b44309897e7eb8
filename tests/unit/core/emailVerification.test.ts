import { describe, expect, it } from 'vitest'
import { codeSentSentence, mailLimitSentence, resendLimitSentence, wrongCodeSentence } from '../../../core/emailVerification'

describe('the email-code step’s sentences (docs/design.md#email-codes)', () => {
  it('say where the code went and what to do with it', () => {
    expect(codeSentSentence('jo@example.com')).toBe("We've emailed a 6-digit code to jo@example.com. Enter it to confirm your call.")
    expect(wrongCodeSentence(1)).toBe('That code does not match the one we emailed. Please check it and try again (1 try left), or ask for a new code.')
    expect(resendLimitSentence('jo@example.com', 1)).toBe('We emailed a code to jo@example.com less than a minute ago. Please enter it, or ask for a new one in 1 second.')
  })

  it('offer the other ways to book when the hour’s code emails are used, only those that exist', () => {
    const base = "We can't send more confirmation codes right now. Please try again in an hour."
    expect(mailLimitSentence(undefined, false)).toBe(base)
    expect(mailLimitSentence('team@example.com', false)).toBe(`${base} To book now, email us at team@example.com.`)
    expect(mailLimitSentence(undefined, true)).toBe(`${base} To book now, ask the voice assistant on this page to book it for you.`)
  })
})
