import { createFileRoute, Link, useNavigate } from '@tanstack/react-router'
import { useSyncExternalStore } from 'react'
import { ArticleCard } from '../../components/content/ArticleCard'
import { Icon } from '../../components/sections/Icon'
import { PageHero } from '../../components/sections/PageHero'
import { Section } from '../../components/sections/Section'
import { focusRing, secondaryButton, textLink } from '../../components/sections/ui'
import { type Article, articles, featuredArticles, searchArticles } from '../../content/articles'
import { useTextTypedBeforeApp } from '../../boot/typedBeforeApp'

export interface ResourcesSearch {
  q?: string
}

export const Route = createFileRoute('/_main/resources')({
  // The query lives in the URL (?q=), so a search can be shared and survives a reload.
  validateSearch: (search: Record<string, unknown>): ResourcesSearch => {
    const q = search.q
    return typeof q === 'string' || typeof q === 'number' ? { q: String(q) } : {}
  },
  component: ResourcesPage,
})

const SEARCH_ID = 'article-search'

const noopSubscribe = () => () => {}
/**
 * False while hydrating, true after. The page is prerendered without a query, so the first render in
 * the browser must be the unfiltered page too; the query applies right after hydration.
 */
function useHydrated(): boolean {
  return useSyncExternalStore(
    noopSubscribe,
    () => true,
    () => false,
  )
}

function ResourcesPage() {
  const hydrated = useHydrated()
  const search = Route.useSearch()
  const navigate = useNavigate({ from: '/resources' })
  const query = hydrated ? (search.q ?? '') : ''
  const searching = query.trim() !== ''

  const setQuery = (q: string) =>
    void navigate({ search: q === '' ? {} : { q }, replace: true, resetScroll: false })
  useTextTypedBeforeApp(SEARCH_ID, setQuery)

  return (
    <>
      <PageHero
        badge="Resources"
        title="Guides and Insights on AI Automation"
        lead="Practical articles, tutorials and case studies from our team, to help you decide what to automate and how to do it well."
        accentFrom={3}
      >
        <form role="search" className="max-w-xl" onSubmit={(e) => e.preventDefault()}>
          <label htmlFor={SEARCH_ID} className="mb-2 block text-sm font-medium text-slate-200">
            Search articles
          </label>
          <div className="relative">
            <Icon name="search" className="pointer-events-none absolute top-1/2 left-4 h-5 w-5 -translate-y-1/2 text-slate-400" />
            <input
              id={SEARCH_ID}
              type="search"
              name="q"
              autoComplete="off"
              placeholder="Try “chatbot” or “marketing”"
              value={query}
              onChange={(e) => setQuery(e.target.value)}
              className={`w-full rounded-full border border-white/15 bg-slate-900/80 py-3.5 pr-4 pl-12 text-base text-white placeholder:text-slate-400 hover:border-white/25 ${focusRing}`}
            />
          </div>
        </form>
      </PageHero>

      <p role="status" className="sr-only">
        {searching ? resultSummary(searchArticles(query).length, query) : ''}
      </p>

      {searching ? <SearchResults query={query} results={searchArticles(query)} onClear={() => setQuery('')} /> : <AllArticles />}
    </>
  )
}

function resultSummary(count: number, query: string): string {
  if (count === 0) return `No articles match “${query.trim()}”.`
  return `${count} ${count === 1 ? 'article matches' : 'articles match'} “${query.trim()}”.`
}

const viewAllText = (
  <>
    View All <span aria-hidden="true">→</span>
  </>
)

/** Beside the featured articles: down to the list of every article on this page (the browser's own jump, before the app runs too). */
const viewAll = (
  <a href="#all-articles" className={textLink}>
    {viewAllText}
  </a>
)

/** Beside search results: the page without the search, every article in it. */
const clearToAll = (
  <Link to="/resources" className={textLink}>
    {viewAllText}
  </Link>
)

function AllArticles() {
  return (
    <>
      <Section id="featured" eyebrow="Featured" title="Featured articles" action={viewAll}>
        <ArticleGrid items={featuredArticles} />
      </Section>
      <Section id="all-articles" eyebrow="Library" title="All articles" tinted>
        <ArticleGrid items={articles} columns={4} />
      </Section>
    </>
  )
}

function SearchResults({ query, results, onClear }: { query: string; results: ReadonlyArray<Article>; onClear: () => void }) {
  return (
    <Section id="search-results" eyebrow="Search" title="Search results" action={clearToAll}>
      <p className="-mt-6 mb-8 text-slate-300" aria-hidden="true">
        {resultSummary(results.length, query)}
      </p>
      {results.length > 0 ? (
        <ArticleGrid items={results} />
      ) : (
        <div className="rounded-2xl border border-dashed border-white/15 px-6 py-12 text-center">
          <p className="text-lg font-semibold text-white">No articles match your search.</p>
          <p className="mt-2 text-slate-300">Try a different word, such as “automation”, or browse all our articles.</p>
          <button type="button" onClick={onClear} className={`${secondaryButton} mt-6`}>
            Clear search
          </button>
        </div>
      )}
    </Section>
  )
}

function ArticleGrid({ items, columns = 3 }: { items: ReadonlyArray<Article>; columns?: 3 | 4 }) {
  return (
    <ul role="list" className={`grid gap-6 md:grid-cols-2 ${columns === 4 ? 'xl:grid-cols-4' : 'lg:grid-cols-3'}`}>
      {items.map((article) => (
        <li key={article.slug}>
          <ArticleCard article={article} />
        </li>
      ))}
    </ul>
  )
}
