import { createFileRoute, notFound } from '@tanstack/react-router'
import { findArticle } from '../../../content/articles'

export const Route = createFileRoute('/_main/articles/$slug')({
  loader: ({ params }) => {
    const article = findArticle(params.slug)
    if (!article) throw notFound()
    return article
  },
  component: ArticlePage,
})

function ArticlePage() {
  const article = Route.useLoaderData()
  return <h1 className="p-8 text-3xl font-bold text-white">{article.title}</h1>
}
