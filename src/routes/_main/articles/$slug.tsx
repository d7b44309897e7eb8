import { createFileRoute, notFound } from '@tanstack/react-router'
import { ArticleCard } from '../../../components/content/ArticleCard'
import { ArticleLayout } from '../../../components/content/ArticleLayout'
import { CtaBanner } from '../../../components/sections/CtaBanner'
import { Section } from '../../../components/sections/Section'
import { articleBodies } from '../../../content/articleBodies'
import { articles, findArticle } from '../../../content/articles'

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
  const more = articles.filter((a) => a.slug !== article.slug).slice(0, 3)
  return (
    <>
      <ArticleLayout article={article} body={articleBodies[article.slug] ?? []} />
      <CtaBanner
        id="article-cta"
        title="Want this working in your business?"
        text="Book a free 15-minute call. We will look at your workflows and suggest the automations with the biggest return."
      />
      <Section id="more-articles" eyebrow="Keep reading" title="More articles" tinted>
        <ul role="list" className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {more.map((a) => (
            <li key={a.slug}>
              <ArticleCard article={a} />
            </li>
          ))}
        </ul>
      </Section>
    </>
  )
}
