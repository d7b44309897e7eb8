import { Link } from '@tanstack/react-router'
import type { ArticleBlock } from '../../content/articleBodies'
import type { Article } from '../../content/articles'
import { container, textLink } from '../sections/ui'
import { ArticleMeta } from './ArticleMeta'

/** An article: back link, meta, title, image, then the body's paragraphs and subheadings. */
export function ArticleLayout({ article, body }: { article: Article; body: ReadonlyArray<ArticleBlock> }) {
  return (
    <article className={`${container} max-w-3xl pt-12 pb-8 sm:pt-16`}>
      <p>
        <Link to="/resources" className={`${textLink} text-sm`}>
          <span aria-hidden="true">← </span>All resources
        </Link>
      </p>
      <header className="mt-8">
        <ArticleMeta article={article} />
        <h1 className="mt-5 text-4xl font-bold tracking-tight text-balance text-white sm:text-5xl">{article.title}</h1>
        <p className="mt-5 text-xl leading-8 text-pretty text-slate-300">{article.description}</p>
      </header>
      <img
        src={article.image}
        alt={article.imageAlt}
        width={1280}
        height={720}
        decoding="async"
        fetchPriority="high"
        className="mt-10 aspect-video w-full rounded-2xl border border-white/10 object-cover"
      />
      <div className="mt-12 space-y-6 text-lg leading-8 text-slate-300">
        {body.map((block, index) =>
          block.kind === 'h2' ? (
            <h2 key={index} className="pt-6 text-2xl font-bold tracking-tight text-white sm:text-3xl">
              {block.text}
            </h2>
          ) : (
            <p key={index}>{block.text}</p>
          ),
        )}
      </div>
    </article>
  )
}
