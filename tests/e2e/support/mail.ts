import { expect } from '@playwright/test'
import { E2E_DATA_DIR } from '../env'
import { readOutbox, type ReceivedMail } from '../../support/outbox'

/** The first mail to `to` whose text holds `text`, once the server's mail worker has written it to the outbox folder. */
export async function mailWith(to: (address: string) => boolean, text: string): Promise<ReceivedMail> {
  let found: ReceivedMail | undefined
  await expect
    .poll(
      async () => {
        found = (await readOutbox(E2E_DATA_DIR)).find((m) => to(m.to) && m.text.includes(text))
        return found?.file
      },
      { timeout: 15_000, message: `an email with "${text}" in ${E2E_DATA_DIR}/outbox` },
    )
    .toBeDefined()
  return found!
}
