export interface Article {
  slug: string
  title: string
  description: string
  image: string
  imageAlt: string
  category: string
  readTime: string
  /** ISO date (YYYY-MM-DD) of publication. */
  date: string
  featured: boolean
}

export const articles: ReadonlyArray<Article> = [
  {
    slug: 'more-time-on-moneymaking-operations',
    title: 'Spend More Time on Money-Making Operations',
    description: 'Where small teams lose hours every week, and how automation hands that time back to selling and serving clients.',
    image: '/images/articles/more-time.svg',
    imageAlt: 'A clock face surrounded by automated workflow arrows',
    category: 'Productivity',
    readTime: '6 min read',
    date: '2024-09-12',
    featured: true,
  },
  {
    slug: 'mass-marketing-doesnt-work',
    title: "Why Mass Marketing Doesn't Work Anymore",
    description: 'Blanket campaigns are getting ignored. Personalisation at scale, powered by AI, is what earns replies now.',
    image: '/images/articles/mass-marketing.svg',
    imageAlt: 'A crowd of identical envelopes with one highlighted personal message',
    category: 'Marketing',
    readTime: '5 min read',
    date: '2024-08-02',
    featured: true,
  },
  {
    slug: 'build-a-personalized-ai-chatbot',
    title: 'Build a Personalised AI Chatbot for Your Business',
    description: 'A practical guide to a chatbot that knows your products, speaks in your voice and hands over to a human at the right time.',
    image: '/images/articles/chatbot.svg',
    imageAlt: 'A chat window with an AI assistant answering a customer question',
    category: 'Tutorials',
    readTime: '8 min read',
    date: '2024-06-18',
    featured: true,
  },
  {
    slug: 'perfect-client',
    title: 'How to Find and Keep Your Perfect Client',
    description: 'Use your own data to describe the clients you want more of, then let automation find, qualify and nurture them.',
    image: '/images/articles/perfect-client.svg',
    imageAlt: 'A target with a single client profile card at its centre',
    category: 'Case Studies',
    readTime: '7 min read',
    date: '2024-04-29',
    featured: false,
  },
]

export function findArticle(slug: string): Article | undefined {
  return articles.find((a) => a.slug === slug)
}

/** The three articles shown as featured on /resources (docs/design.md#constants: 3 of 4). */
export const featuredArticles: ReadonlyArray<Article> = articles.filter((a) => a.featured).slice(0, 3)

/** Articles whose title, description or category contain every word of the query (case-insensitive). */
export function searchArticles(query: string): ReadonlyArray<Article> {
  const words = query.toLocaleLowerCase('en-NZ').split(/\s+/).filter(Boolean)
  if (words.length === 0) return articles
  return articles.filter((a) => {
    const haystack = `${a.title} ${a.description} ${a.category}`.toLocaleLowerCase('en-NZ')
    return words.every((w) => haystack.includes(w))
  })
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December']

/**
 * '2024-09-12' → '12 September 2024' (en-NZ long date). Read from the ISO string itself, not through
 * Date and the runtime's time zone, so the prerenderer and every browser print the same day.
 */
export function formatArticleDate(iso: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso)
  if (!match) throw new Error(`Not an ISO date: ${iso}`)
  const [, year, month, day] = match
  return `${Number(day)} ${MONTHS[Number(month) - 1]} ${year}`
}
