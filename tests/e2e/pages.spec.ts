import { expect, type Page, test } from '@playwright/test'
import { waitForHydration } from './support/hydration'

/** Every page of the site and the h1 it must show (docs/design.md#pages). */
const pages: ReadonlyArray<{ path: string; h1: string }> = [
  { path: '/', h1: 'Building Automations to 10X Business' },
  { path: '/use-cases', h1: 'AI Automation That Works in the Real World' },
  { path: '/resources', h1: 'Guides and Insights on AI Automation' },
  { path: '/about', h1: 'We Help Kiwi Businesses Work Smarter with AI' },
  { path: '/services/sms', h1: 'SMS Automation That Customers Actually Read' },
  { path: '/services/email', h1: 'Email Campaigns That Write, Send and Learn Themselves' },
  { path: '/services/automation', h1: 'Automate the Work That Slows Your Team Down' },
  { path: '/docs', h1: 'API Documentation' },
  { path: '/sms-info', h1: 'SMS Notifications and Consent' },
  { path: '/faqs', h1: 'Frequently Asked Questions' },
]

const articles = [
  {
    slug: 'more-time-on-moneymaking-operations',
    title: 'Spend More Time on Money-Making Operations',
    category: 'Productivity',
    readTime: '6 min read',
    date: '12 September 2024',
  },
  {
    slug: 'mass-marketing-doesnt-work',
    title: "Why Mass Marketing Doesn't Work Anymore",
    category: 'Marketing',
    readTime: '5 min read',
    date: '2 August 2024',
  },
  {
    slug: 'build-a-personalized-ai-chatbot',
    title: 'Build a Personalised AI Chatbot for Your Business',
    category: 'Tutorials',
    readTime: '8 min read',
    date: '18 June 2024',
  },
  {
    slug: 'perfect-client',
    title: 'How to Find and Keep Your Perfect Client',
    category: 'Case Studies',
    readTime: '7 min read',
    date: '29 April 2024',
  },
]

/** Shows an FAQ answer: opens its question when the accordion keeps it collapsed (a press needs the app). */
async function revealAnswer(page: Page, question: string, answer: RegExp) {
  const text = page.getByText(answer)
  await waitForHydration(page)
  if (!(await text.isVisible())) await page.getByRole('button', { name: question }).click()
  await expect(text).toBeVisible()
}

for (const { path, h1 } of pages) {
  test(`${path} shows its one h1`, async ({ page }) => {
    const response = await page.goto(path)
    expect(response?.status()).toBe(200)
    await expect(page.getByRole('heading', { level: 1, name: h1 })).toBeVisible()
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1)
  })
}

test('home: hero, three services with Book a Call, five steps, the pricing answer and Talk to an Expert', async ({ page }) => {
  await page.goto('/')
  const main = page.getByRole('main')
  await expect(main.getByText('Helping businesses implement AI', { exact: true })).toBeVisible()
  await expect(main.getByRole('button', { name: 'Our Services' })).toBeVisible()

  const services = page.getByRole('region', { name: 'Everything you need to put AI to work' })
  for (const name of ['AI Consulting', 'Workflow Automation', 'Custom Development']) {
    await expect(services.getByRole('heading', { level: 3, name })).toBeVisible()
  }
  await expect(services.getByRole('button', { name: 'Book a Call' })).toHaveCount(3)

  const process = page.getByRole('region', { name: 'How we work, in five steps' })
  await expect(process.getByRole('listitem')).toHaveCount(5)

  await expect(page.getByRole('heading', { name: 'Pricing and common questions' })).toBeVisible()
  await revealAnswer(page, 'How much does an AI automation project cost?', /an average of 150 dollars per hour/)
  await expect(page.getByRole('heading', { level: 2, name: 'Talk to an Expert' })).toBeVisible()
})

test('use cases: the three industry solutions, the four stats exactly, a demo and Talk to an Expert', async ({ page }) => {
  await page.goto('/use-cases')
  for (const name of ['Sales Automation', 'Content Creation', 'Customer Analytics']) {
    await expect(page.getByRole('heading', { level: 3, name })).toBeVisible()
  }
  const results = page.getByRole('region', { name: 'What our clients achieve' })
  for (const [value, label] of [
    ['60%', 'lead conversion'],
    ['4 hours', 'saved daily'],
    ['45%', 'response time reduction'],
    ['3x', 'ROI in 6 months'],
  ] as const) {
    await expect(results.getByRole('term').filter({ hasText: label })).toHaveText(label)
    await expect(results.getByRole('definition').filter({ hasText: value })).toHaveText(value)
  }
  await expect(page.getByRole('heading', { level: 2, name: 'See an automation at work' })).toBeVisible()
  await expect(page.getByRole('heading', { level: 2, name: 'Talk to an Expert' })).toBeVisible()
})

test('resources: three featured articles, all four articles, and View All leads to all of them, from the featured ones and from a search', async ({ page }) => {
  await page.goto('/resources')
  await expect(page.getByRole('searchbox', { name: 'Search articles' })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Featured articles' }).getByRole('article')).toHaveCount(3)
  const all = page.getByRole('region', { name: 'All articles' })
  await expect(all.getByRole('article')).toHaveCount(4)
  for (const a of articles) await expect(all.getByRole('link', { name: a.title })).toBeVisible()

  // From the featured articles, on a phone: View All brings the list of every article into view.
  await page.setViewportSize({ width: 390, height: 844 })
  await waitForHydration(page)
  await expect(all.getByRole('heading', { name: 'All articles' })).not.toBeInViewport()
  await page.getByRole('link', { name: 'View All' }).click()
  await expect(page).toHaveURL(/\/resources#all-articles$/)
  await expect(all.getByRole('heading', { name: 'All articles' })).toBeInViewport()

  await page.goto('/resources?q=chatbot')
  // The router's link, not the plain one of the page before the app runs.
  await waitForHydration(page)
  await page.getByRole('link', { name: 'View All' }).click()
  await expect(page).toHaveURL(/\/resources$/)
  await expect(page.getByRole('region', { name: 'All articles' }).getByRole('article')).toHaveCount(4)
})

test('an article card opens its article', async ({ page }) => {
  const { slug, title } = articles.find((a) => a.slug === 'perfect-client')!
  await page.goto('/resources')
  await page.getByRole('region', { name: 'All articles' }).getByRole('link', { name: title }).click()
  await expect(page).toHaveURL(`/articles/${slug}`)
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
})

for (const a of articles) {
  test(`article ${a.slug}: title, category, read time, date, image, body`, async ({ page }) => {
    const response = await page.goto(`/articles/${a.slug}`)
    expect(response?.status()).toBe(200)
    await expect(page.getByRole('heading', { level: 1, name: a.title })).toBeVisible()
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1)
    const article = page.getByRole('article').filter({ has: page.getByRole('heading', { level: 1 }) })
    await expect(article.getByText(a.category, { exact: true })).toBeVisible()
    await expect(article.getByText(a.readTime)).toBeVisible()
    await expect(article.getByText(a.date, { exact: true })).toBeVisible()
    await expect(article.getByRole('img')).toBeVisible()
    expect(await article.getByRole('heading', { level: 2 }).count()).toBeGreaterThanOrEqual(3)
    expect(await article.getByRole('paragraph').count()).toBeGreaterThanOrEqual(6)
    await expect(page).toHaveTitle(`${a.title} | Kiwi Automate`)
  })
}

test('an unknown article answers 404 with the error view', async ({ page }) => {
  const response = await page.goto('/articles/no-such-article')
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeVisible()
})

test('about: mission, vision, the 2022 to 2024 timeline, values, reasons and Talk to an Expert', async ({ page }) => {
  await page.goto('/about')
  for (const name of ['Our Mission', 'Our Vision', 'What we stand for', 'Why businesses choose Kiwi Automate', 'Talk to an Expert']) {
    await expect(page.getByRole('heading', { level: 2, name })).toBeVisible()
  }
  const story = page.getByRole('region', { name: 'From three people to a nationwide team' })
  await expect(story.getByRole('listitem')).toHaveCount(3)
  for (const [year, title] of [
    ['2022', 'Founded in Auckland'],
    ['2023', 'AI agents and 50 clients'],
    ['2024', 'Automation plans and NZ-wide reach'],
  ] as const) {
    const entry = story.getByRole('listitem').filter({ hasText: year })
    await expect(entry.getByRole('heading', { level: 3, name: title })).toBeVisible()
  }
})

test('SMS and email service pages: features, how it works and a call to action', async ({ page }) => {
  for (const path of ['/services/sms', '/services/email']) {
    await page.goto(path)
    await expect(page.getByRole('heading', { level: 2, name: 'How it works' })).toBeVisible()
    expect(await page.getByRole('region', { name: 'How it works' }).getByRole('listitem').count()).toBe(4)
    await expect(page.getByRole('main').getByRole('button', { name: 'Book a Call' }).last()).toBeVisible()
  }
})

test('automation: plans and support in the FAQ, case studies, demo, service cards with their links', async ({ page }) => {
  await page.goto('/services/automation')
  await revealAnswer(page, 'What plans do you offer?', /Starter plan is 99 dollars a month/)
  await expect(page.getByText(/Growth plan is 249 dollars a month/)).toBeVisible()
  await expect(page.getByText(/Enterprise plans have custom pricing/)).toBeVisible()
  await revealAnswer(page, 'What kind of support is included?', /^Every plan includes 24\/7 priority support: if an automation stops/)

  const plans = page.getByRole('region', { name: 'Simple monthly plans' })
  for (const [name, price] of [
    ['Starter', '$99'],
    ['Growth', '$249'],
    ['Enterprise', 'Custom'],
  ] as const) {
    const plan = plans.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) })
    await expect(plan.getByText(price, { exact: true })).toBeVisible()
    await expect(plan.getByText('24/7 priority support', { exact: true })).toBeVisible()
  }

  const cases = page.getByRole('region', { name: 'Results from real New Zealand businesses' })
  for (const client of ['Harbourside Dental', 'Southern Build Co.', 'Tui & Fern']) {
    const item = cases.getByRole('listitem').filter({ has: page.getByRole('heading', { name: client }) })
    for (const term of ['Problem', 'Solution', 'Result']) await expect(item.getByRole('term').filter({ hasText: term })).toBeVisible()
    await expect(item.getByRole('img')).toBeVisible()
  }
  await expect(page.getByRole('heading', { level: 2, name: 'See an automation at work' })).toBeVisible()

  await page.getByRole('link', { name: 'Explore SMS' }).click()
  await expect(page).toHaveURL('/services/sms')
})

test('docs: the sidebar links to each section, and a Copy button copies and confirms', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await page.clock.install()
  await page.goto('/docs')
  const sidebar = page.getByRole('navigation', { name: 'Documentation' })
  await sidebar.getByRole('link', { name: 'Webhooks' }).click()
  await expect(page).toHaveURL(/#webhooks$/)
  await expect(page.getByRole('heading', { level: 2, name: 'Webhooks' })).toBeInViewport()

  await expect(page.getByText('"expires_in": 3600')).toBeVisible()
  const copy = page.getByRole('button', { name: 'Copy Request an access token' })
  await waitForHydration(page)
  await copy.click()
  await expect(page.getByRole('button', { name: 'Copied! Request an access token' })).toBeVisible()
  await expect(page.getByRole('status').filter({ hasText: 'Request an access token copied to the clipboard' })).toBeAttached()
  const copied = await page.evaluate(() => navigator.clipboard.readText())
  expect(copied).toContain('/auth/token')
  expect(copied).toContain('"api_key"')
  expect(copied).toContain('"scope"')

  await page.clock.runFor(2000)
  await expect(page.getByRole('button', { name: 'Copy Request an access token' })).toBeVisible()
  await expect(page.getByRole('button', { name: /^Copied!/ })).toHaveCount(0)
})

test('sms-info: the opt-out keywords and verbal consent', async ({ page }) => {
  await page.goto('/sms-info')
  await expect(page.getByRole('list', { name: 'Opt-out keywords' }).getByRole('listitem')).toHaveText(['STOP', 'UNSUBSCRIBE', 'END'])
  await expect(page.getByText(/Consent is verbal, given during a call with an AI agent/)).toBeVisible()
  for (const name of ['Message frequency', 'Message and data rates', 'Getting help', 'Privacy']) {
    await expect(page.getByRole('heading', { level: 2, name })).toBeVisible()
  }
  await expect(page.getByText(/Reply HELP/)).toBeVisible()
  // The assistant's section (the consent notice's link, #ai-calls) says that a call's summary reaches the team.
  const aiCalls = page.getByRole('region', { name: 'Calls and messages with our AI assistant' })
  await expect(aiCalls).toHaveAttribute('id', 'ai-calls')
  await expect(aiCalls.getByText(/a summary of the call and its transcript go to our team with the booking/)).toBeVisible()
})

test('faqs: second layout without header or footer, the full FAQ and a link back home', async ({ page }) => {
  await page.goto('/faqs')
  await expect(page.getByRole('banner')).toHaveCount(0)
  await expect(page.getByRole('contentinfo')).toHaveCount(0)
  await revealAnswer(page, 'Where are you based?', /Our team is based in Auckland, New Zealand/)
  await page.getByRole('link', { name: 'Back to home' }).click()
  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Building Automations to 10X Business' })).toBeVisible()
})
