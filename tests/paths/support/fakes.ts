/** Fakes the path executors settle by hand: a promise actor whose result the test decides. */
import { fromPromise } from 'xstate'

export interface Deferred<T> {
  promise: Promise<T>
  resolve(value: T): void
  reject(error: unknown): void
}

export function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void
  let reject!: (error: unknown) => void
  const promise = new Promise<T>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

/** Resolves once the callbacks of every promise settled so far have run (Node's next macrotask). */
export const settle = () => new Promise<void>((resolve) => setImmediate(resolve))

/** A stand-in for a `fromPromise` actor: each invocation waits for the test to settle it. */
export function controllablePromiseActor<TOutput, TInput = unknown>() {
  const calls: Array<{ input: TInput; settle: Deferred<TOutput> }> = []
  const logic = fromPromise<TOutput, TInput>(({ input }) => {
    const settle = deferred<TOutput>()
    calls.push({ input, settle })
    return settle.promise
  })
  return {
    logic,
    calls,
    /** The newest invocation, which the machine is waiting on. */
    get last() {
      const call = calls.at(-1)
      if (!call) throw new Error('The actor was never invoked.')
      return call
    },
  }
}

/** Lets promise callbacks and the machine's reactions to them run. */
export const flush = () => new Promise<void>((resolve) => setImmediate(resolve))
