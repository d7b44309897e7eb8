/** A server started with booking settings other than its build's stops, naming each (docs/design.md#configuration). */
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../../server/config'
import { assertBuiltWithSettings } from '../../server/http/builtSettings'

/** What a build with BOOKING_LOCATIONS=video,phone and nothing else set writes. */
const BUILT = {
  BOOKING_HOST: 'kiwi-automate',
  BOOKING_EVENT_TYPE_ID: 7,
  BOOKING_EVENT_TYPE_SLUG: 'quick-chat',
  BOOKING_LOCATIONS: ['video', 'phone'],
  BOOKING_PHONE_COUNTRY: 'NZ',
  BOOKING_PHONE_COUNTRIES: [],
}

const REBUILD = 'its pages would offer what this server does not take. Build the site again with these settings: `npm run build`, or `npm start`, which rebuilds by itself.'

describe('the settings a build was made with', () => {
  let dist: string
  const check = (env: Record<string, string>) => assertBuiltWithSettings(dist, 'dist', loadConfig(env))

  beforeAll(async () => {
    dist = await mkdtemp(join(tmpdir(), 'agency-built-settings-'))
    await writeFile(join(dist, 'build-settings.json'), JSON.stringify(BUILT))
  })
  afterAll(() => rm(dist, { recursive: true, force: true }))

  it('let a server with the same values start, however they are written', async () => {
    await expect(check({ BOOKING_LOCATIONS: ' Video , phone ', BOOKING_PHONE_COUNTRY: 'nz', BOOKING_EVENT_TYPE_ID: '7' })).resolves.toBeUndefined()
  })

  it('stop one whose ways of meeting differ, even in order only (the first is preselected)', async () => {
    await expect(check({})).rejects.toThrow(`BOOKING_LOCATIONS is video here, but the site in dist was built with video,phone: ${REBUILD}`)
    await expect(check({ BOOKING_LOCATIONS: 'phone,video' })).rejects.toThrow(
      `BOOKING_LOCATIONS is phone,video here, but the site in dist was built with video,phone: ${REBUILD}`,
    )
  })

  it('name every setting that differs: the host handle, the event type, the phone country', async () => {
    const error = await check({ BOOKING_LOCATIONS: 'video,phone', BOOKING_HOST: 'other-host', BOOKING_EVENT_TYPE_ID: '8', BOOKING_EVENT_TYPE_SLUG: 'intro', BOOKING_PHONE_COUNTRY: 'AU' }).catch(
      (e: unknown) => e as Error,
    )
    expect(error).toMatchObject({
      name: 'ConfigError',
      message:
        'BOOKING_HOST is other-host here, but the site in dist was built with kiwi-automate; ' +
        'BOOKING_EVENT_TYPE_ID is 8 here, but the site in dist was built with 7; ' +
        'BOOKING_EVENT_TYPE_SLUG is intro here, but the site in dist was built with quick-chat; ' +
        `BOOKING_PHONE_COUNTRY is AU here, but the site in dist was built with NZ: ${REBUILD}`,
    })
  })
})
