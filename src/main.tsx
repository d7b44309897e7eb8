import { afterFirstContentfulPaint } from './lib/firstPaint'
import './styles.css'

// Every page is prerendered: its first paint needs the HTML and the stylesheet only. The app's scripts
// are fetched once the page has painted, so on a slow connection they do not share its bandwidth with
// the stylesheet (DESIGN §10: LCP within 1.15 × the same page without scripts).
void afterFirstContentfulPaint().then(() => import('./boot'))
