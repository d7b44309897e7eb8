import { createFileRoute } from '@tanstack/react-router'
import { DeskPage } from '../../components/desk/DeskPage'

/**
 * /desk: the agency's desk (docs/desk.md). Prerendered as a shell without data (src/content/pages.ts) and split
 * off the public pages' first load: its code loads with this route alone.
 */
export const Route = createFileRoute('/_main/desk')({
  component: DeskPage,
})
