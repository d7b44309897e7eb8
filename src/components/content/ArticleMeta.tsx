import { type Article, formatArticleDate } from '../../content/articles'

/** Category, read time and date of an article, as one line. */
export function ArticleMeta({ article, className = '' }: { article: Article; className?: string }) {
  return (
    <p className={`flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-400 ${className}`}>
      <span className="rounded-full border border-sky-400/30 bg-sky-400/10 px-3 py-0.5 font-medium text-sky-200">{article.category}</span>
      <span className="whitespace-nowrap">
        {article.readTime}
        <span aria-hidden="true"> · </span>
        <span className="sr-only">, </span>
        <time dateTime={article.date}>{formatArticleDate(article.date)}</time>
      </span>
    </p>
  )
}
