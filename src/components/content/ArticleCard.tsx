import { Link } from '@tanstack/react-router'
import type { Article } from '../../content/articles'
import { card, focusRing } from '../sections/ui'
import { ArticleMeta } from './ArticleMeta'
import { CardImage } from '../sections/CardImage'

/** An article teaser; the whole card is one link, named by the article's title. */
export function ArticleCard({ article, headingLevel = 3 }: { article: Article; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  return (
    <article className={`${card} group relative flex h-full flex-col overflow-hidden transition hover:border-sky-400/40`}>
      <CardImage src={article.image} alt={article.imageAlt} />
      <div className="flex flex-1 flex-col p-6">
        <ArticleMeta article={article} />
        <Heading className="mt-4 text-xl font-semibold text-white group-hover:text-sky-200">
          <Link
            to="/articles/$slug"
            params={{ slug: article.slug }}
            className={`rounded-sm after:absolute after:inset-0 after:content-[''] ${focusRing}`}
          >
            {article.title}
          </Link>
        </Heading>
        <p className="mt-3 leading-7 text-slate-300">{article.description}</p>
        <p className="mt-auto pt-6 text-sm font-semibold text-sky-300" aria-hidden="true">
          Read article →
        </p>
      </div>
    </article>
  )
}
