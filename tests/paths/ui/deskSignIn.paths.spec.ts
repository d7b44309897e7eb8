import { expect, type Locator, type Page, type Route } from '@playwright/test'
import { deskSignInMachine } from '../../../machines/deskSignIn'
import { waitForHydration } from '../../e2e/support/hydration'
import { answer, nthRequest } from '../../support/manageApi'
import { typeInto } from '../../support/typing'
import type { InternalExecutors, StateChecks, UserExecutors } from '../support/executors'
import { describeUiPaths } from '../support/uiLevel'
import { DESK_SIGN_IN_TEXTS as TEXTS, deskFailureOf, deskSignInModel, TOKEN, VIEW, type DeskFailure } from './support/deskSignInModel'

type M = typeof deskSignInMachine
type Focus = 'heading' | 'field' | 'alert'

/**
 * The desk page as its host drives it, and what the host has done and the server answered so far: from that the
 * checks know what the page must show. The desk's API is answered through page.route: the session's check, the
 * link's opening and the link's request are held until the path answers them; signing out is answered at once.
 */
interface DeskUi {
  page: Page
  main: Locator
  routes: { loads: Route[]; sessions: Route[]; links: Route[]; signOuts: Route[] }
  answered: { loads: number; sessions: number; links: number }
  token: string
  email: string
  emailError: string | null
  /** The sentence under the form: the last failed request for a link's, until the next is sent. */
  formError: string | null
  failure: DeskFailure | null
  notice: string | null
  /** Where the focus must be, or null before anything has moved it. */
  focus: Focus | null
}

async function start(page: Page): Promise<DeskUi> {
  const routes: DeskUi['routes'] = { loads: [], sessions: [], links: [], signOuts: [] }
  await page.route('**/api/desk', (route) => void routes.loads.push(route))
  await page.route('**/api/desk/session', (route) => void routes.sessions.push(route))
  await page.route('**/api/desk/link', (route) => void routes.links.push(route))
  await page.route('**/api/desk/sign-out', async (route) => {
    routes.signOuts.push(route)
    await route.fulfill({ status: 204 })
  })
  return {
    page,
    main: page.getByRole('main'),
    routes,
    answered: { loads: 0, sessions: 0, links: 0 },
    token: '',
    email: '',
    emailError: null,
    formError: null,
    failure: null,
    notice: null,
    focus: null,
  }
}

const heading = (sut: DeskUi) => sut.main.getByRole('heading', { level: 1 })
const emailField = (sut: DeskUi) => sut.main.getByLabel(TEXTS.emailLabel)
const button = (sut: DeskUi, name: string) => sut.main.getByRole('button', { name, exact: true })
const status = (sut: DeskUi, text: string) => sut.main.getByRole('status').filter({ hasText: text })

/** A well-formed address, as the test reads one (an oracle of its own, not the schema's check). */
const isGoodAddress = (value: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim())

const events: UserExecutors<M, DeskUi> = {
  // The host opens the page: typed in, or by the mailed link with its token in the fragment.
  OPENED: async (sut, event) => {
    sut.token = event.token
    await sut.page.goto(event.token === '' ? '/desk' : `/desk#link=${event.token}`)
    await waitForHydration(sut.page)
  },
  EMAIL_CHANGED: async (sut, event) => {
    await typeInto(emailField(sut), event.value)
    sut.email = event.value
    if (sut.emailError !== null) sut.emailError = isGoodAddress(event.value) ? null : TEXTS.emailInvalid
    sut.focus = 'field'
  },
  SEND_LINK: async (sut) => {
    if (!isGoodAddress(sut.email)) {
      sut.emailError = TEXTS.emailInvalid
      sut.focus = 'field'
    } else Object.assign(sut, { emailError: null, formError: null })
    await button(sut, TEXTS.sendLink).click()
  },
  RETRY: async (sut) => {
    await button(sut, TEXTS.retry).click()
  },
  ASK_NEW_LINK: async (sut) => {
    sut.focus = 'heading'
    await button(sut, TEXTS.askNewLink).click()
  },
}

const reply = (route: Route, failure: DeskFailure) => answer(route, failure.answer)

const internal: InternalExecutors<DeskUi> = {
  advance: () => {},
  done: {
    loadDesk: async (sut) => {
      await answer(await nthRequest(sut.routes.loads, ++sut.answered.loads), { json: VIEW })
    },
    openSession: async (sut) => {
      await (await nthRequest(sut.routes.sessions, ++sut.answered.sessions)).fulfill({ status: 204 })
    },
    requestLink: async (sut) => {
      sut.focus = 'heading'
      await (await nthRequest(sut.routes.links, ++sut.answered.links)).fulfill({ status: 202, json: { message: TEXTS.linkSent } })
    },
    // The board's own way out: "Sign out".
    desk: async (sut, event) => {
      const { sentence } = event.output as { sentence: string }
      expect(sentence).toBe(TEXTS.signedOut)
      Object.assign(sut, { notice: sentence, email: '', emailError: null, formError: null, focus: 'heading' })
      await sut.main.getByRole('button', { name: 'Sign out' }).click()
    },
  },
  error: {
    loadDesk: async (sut, event) => {
      sut.failure = deskFailureOf(event.error)
      sut.focus = 'heading'
      await reply(await nthRequest(sut.routes.loads, ++sut.answered.loads), sut.failure)
    },
    openSession: async (sut, event) => {
      sut.failure = deskFailureOf(event.error)
      sut.focus = 'heading'
      await reply(await nthRequest(sut.routes.sessions, ++sut.answered.sessions), sut.failure)
    },
    requestLink: async (sut, event) => {
      sut.failure = deskFailureOf(event.error)
      sut.formError = sut.failure.text
      sut.focus = 'alert'
      await reply(await nthRequest(sut.routes.links, ++sut.answered.links), sut.failure)
    },
  },
}

/** The step's heading, which has the focus when the step came anew. */
async function expectStep(sut: DeskUi, text: string) {
  await expect(heading(sut)).toHaveText(text)
  if (sut.focus === 'heading') await expect(heading(sut)).toBeFocused()
}

const states: StateChecks<M, DeskUi> = {
  opening: async (sut) => {
    expect(sut.page.url()).toBe('about:blank')
  },
  openingLink: async (sut) => {
    await expect(status(sut, TEXTS.openingLink)).toBeVisible()
    // The token has left the address bar; it goes to the server as it came.
    await expect(sut.page).toHaveURL(/\/desk$/)
    const request = (await nthRequest(sut.routes.sessions, sut.answered.sessions + 1)).request()
    expect(request.postDataJSON()).toEqual({ token: TOKEN })
  },
  openFailed: async (sut) => {
    await expectStep(sut, TEXTS.openFailedHeading)
    await expect(sut.main.getByRole('alert')).toHaveText(sut.failure!.text)
    await expect(button(sut, TEXTS.retry)).toBeEnabled()
  },
  linkRefused: async (sut) => {
    await expectStep(sut, TEXTS.signInHeading)
    await expect(sut.main.getByText(TEXTS.linkRefused, { exact: true })).toBeVisible()
    await expect(button(sut, TEXTS.askNewLink)).toBeEnabled()
    await expect(emailField(sut)).toHaveCount(0)
  },
  checking: async (sut) => {
    await expect(status(sut, TEXTS.checking)).toBeVisible()
    await nthRequest(sut.routes.loads, sut.answered.loads + 1)
    await expect(sut.page).toHaveURL(/\/desk$/)
  },
  checkFailed: async (sut) => {
    await expectStep(sut, TEXTS.checkFailedHeading)
    await expect(sut.main.getByRole('alert')).toHaveText(TEXTS.loadFailed)
    await expect(button(sut, TEXTS.retry)).toBeEnabled()
  },
  notSetUp: async (sut) => {
    await expectStep(sut, TEXTS.notSetUpHeading)
    await expect(sut.main.getByText(TEXTS.notSetUp, { exact: true })).toBeVisible()
    await expect(sut.main.getByRole('button')).toHaveCount(0)
    await expect(emailField(sut)).toHaveCount(0)
  },
  signedOut: async (sut) => {
    await expect(heading(sut)).toHaveText(TEXTS.signInHeading)
    const field = emailField(sut)
    // An email box drops the spaces around its value as the browser sanitises it.
    await expect(field).toHaveValue(sut.email.trim())
    await expect(field).toHaveAccessibleDescription(sut.emailError ?? '')
    if (sut.emailError) await expect(field).toHaveAttribute('aria-invalid', 'true')
    else await expect(field).not.toHaveAttribute('aria-invalid')
    await expect(sut.main.getByRole('alert')).toHaveText(sut.formError ?? '')
    // How the last session ended, above the form.
    if (sut.notice) await expect(sut.main.getByText(sut.notice, { exact: true })).toBeVisible()
    for (const ending of [TEXTS.signedOut, TEXTS.sessionEnded].filter((text) => text !== sut.notice)) {
      await expect(sut.main.getByText(ending)).toHaveCount(0)
    }
    await expect(button(sut, TEXTS.sendLink)).toBeEnabled()
    await expect(field).toBeEditable()
    if (sut.focus === 'heading') await expect(heading(sut)).toBeFocused()
    if (sut.focus === 'field') await expect(field).toBeFocused()
    if (sut.focus === 'alert') await expect(sut.main.getByRole('alert')).toBeFocused()
  },
  sending: async (sut) => {
    await expect(button(sut, TEXTS.sending)).toBeDisabled()
    await expect(emailField(sut)).not.toBeEditable()
    const request = (await nthRequest(sut.routes.links, sut.answered.links + 1)).request()
    expect(request.postDataJSON()).toEqual({ email: sut.email.trim() })
  },
  sent: async (sut) => {
    await expectStep(sut, TEXTS.signInHeading)
    await expect(status(sut, TEXTS.linkSent)).toBeVisible()
    await expect(emailField(sut)).toHaveCount(0)
    await expect(sut.main.getByRole('button')).toHaveCount(0)
  },
  signedIn: async (sut) => {
    // The board, drawn from the desk as answered.
    await expect(sut.main.getByText(VIEW.upcoming[0]!.name)).toBeVisible()
    await expect(sut.main.getByRole('button', { name: 'Sign out' })).toBeEnabled()
    await expect(emailField(sut)).toHaveCount(0)
  },
}

describeUiPaths('deskSignIn', deskSignInMachine, start, {
  ...deskSignInModel,
  samples: {
    ...deskSignInModel.samples,
    // The board a visitor can end is the one they sign out of; the server ends a session on its own clock.
    'xstate.done.actor.desk': [{ type: 'xstate.done.actor.desk', output: { sentence: TEXTS.signedOut } }],
  },
  noFirstTouch:
    'the desk is drawn by the app once it has opened the link or asked whether the host is signed in: the prerendered shell has no control to use before the app runs',
  events,
  internal,
  states,
})
