import { expect, test, type Locator, type Page } from '@playwright/test'
import { joinWindowMachine } from '../../../machines/joinWindow'
import { answer, nthRequest, routeManageApi } from '../../support/manageApi'
import { openManagePage } from '../../support/pages/manageBooking'
import { describeUiPaths } from '../support/uiLevel'
import { LOCALE, TIME_ZONE } from './support/bookingModel'
import { JOIN_URL, JOINABLE, joinWindowModel } from './support/joinWindowModel'
import { UID } from './support/manageModel'

test.use({ timezoneId: TIME_ZONE, locale: LOCALE })

interface JoinUi {
  page: Page
  main: Locator
}

/** "How you'll meet" on the manage page of a video call half an hour away. */
const meeting = (sut: JoinUi) => sut.main.getByRole('region', { name: "How you'll meet" })
const joinButton = (sut: JoinUi) => sut.main.getByRole('link', { name: 'Join the call', exact: true })

describeUiPaths(
  'joinWindow',
  joinWindowMachine,
  async (page) => {
    const routes = await routeManageApi(page)
    const main = await openManagePage(page, UID)
    await answer(await nthRequest(routes.loads, 1), { json: JOINABLE })
    return { page, main }
  },
  {
    ...joinWindowModel,
    noFirstTouch: 'it has no visitor event: the manage page starts it once the booking is fetched, and the clock moves it',
    events: {},
    internal: {
      // Jumps (fires what is due once), as the manage page's paths do.
      advance: (sut, ms) => sut.page.clock.fastForward(ms),
      delays: {
        /** To ten minutes before the start, on the page's clock. */
        joinOpens: async (sut) => Date.parse(JOINABLE.startTime) - 10 * 60_000 - (await sut.page.evaluate(() => Date.now())),
        /** To the end of the call. */
        callEnds: async (sut) => Date.parse(JOINABLE.endTime) - (await sut.page.evaluate(() => Date.now())),
      },
      done: {},
      error: {},
    },
    states: {
      before: async (sut) => {
        await expect(meeting(sut)).toContainText(`Join by video: ${JOIN_URL}`)
        await expect(meeting(sut).getByRole('link', { name: JOIN_URL })).toHaveAttribute('href', JOIN_URL)
        await expect(joinButton(sut)).toHaveCount(0)
      },
      open: async (sut) => {
        await expect(joinButton(sut)).toBeInViewport()
        await expect(joinButton(sut)).toHaveAttribute('href', JOIN_URL)
        await expect(joinButton(sut)).toHaveAttribute('target', '_blank')
      },
      over: async (sut) => {
        await expect(meeting(sut)).toHaveCount(0)
        await expect(joinButton(sut)).toHaveCount(0)
      },
    },
  },
)
