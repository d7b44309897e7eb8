// @ts-check
/**
 * Parts of a machine file that cannot change what the machine does at run time, so Stryker does not
 * mutate them (listed with the same reasons in tests/paths/equivalent-mutants.md).
 */
import { declareValuePlugin, PluginKind } from '@stryker-mutator/api/plugin'

/** @param {any} node */
const isProvidedByApp = (node) => node?.type === 'CallExpression' && node.callee.type === 'Identifier' && node.callee.name === 'providedByApp'

/** `() => providedByApp('x')`, or `fromPromise(() => providedByApp('x'))`: a declared effect. @param {any} node */
function isPlaceholder(node) {
  if (node?.type === 'ArrowFunctionExpression' || node?.type === 'FunctionExpression') {
    const body = node.body.type === 'BlockStatement' && node.body.body.length === 1 && node.body.body[0].type === 'ReturnStatement' ? node.body.body[0].argument : node.body
    return isProvidedByApp(body)
  }
  return node?.type === 'CallExpression' && node.arguments.length === 1 && isPlaceholder(node.arguments[0])
}

/** The object of `setup({ key: … })`, when `path` is it. @param {any} path */
function setupProperty(path) {
  const property = path.parentPath
  const call = property?.parentPath?.parentPath
  if (property?.node.type !== 'ObjectProperty' || property.node.key.type !== 'Identifier') return undefined
  if (call?.node.type !== 'CallExpression' || call.node.callee.type !== 'Identifier' || call.node.callee.name !== 'setup') return undefined
  return property.node.key.name
}

/** @param {any} path a Babel NodePath */
function shouldIgnore(path) {
  const node = path.node
  if (isProvidedByApp(node) || isPlaceholder(node)) {
    return 'A declared effect: the app provides it and every test provides a fake, so the placeholder never runs.'
  }
  if (node.type === 'ObjectExpression' && setupProperty(path) === 'types') {
    return "setup's `types` only carry TypeScript types; XState never reads them at run time."
  }
  if (node.type === 'ObjectExpression' && node.properties.length > 0 && node.properties.every((p) => p.type === 'ObjectProperty' && isPlaceholder(p.value))) {
    return 'Only declared effects: the app and every test provide all of them, so these placeholders never run.'
  }
  return undefined
}

export const strykerPlugins = [declareValuePlugin(PluginKind.Ignore, 'machine-declarations', { shouldIgnore })]
