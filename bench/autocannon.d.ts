// The part of autocannon's API that bench/api.ts uses (it ships no types).
declare module 'autocannon' {
  interface Histogram {
    average: number
    mean: number
    p50: number
    p99: number
    max: number
  }
  export interface RequestSpec {
    method?: string
    path?: string
    headers?: Record<string, string>
    body?: string
    setupRequest?: (request: RequestSpec, context: object) => RequestSpec
  }
  export interface Options {
    url: string
    connections?: number
    duration?: number
    amount?: number
    pipelining?: number
    requests?: RequestSpec[]
    method?: string
    headers?: Record<string, string>
  }
  export interface Result {
    requests: Histogram & { total: number }
    latency: Histogram
    '2xx': number
    non2xx: number
    errors: number
    timeouts: number
    duration: number
    statusCodeStats: Record<string, { count: number }>
  }
  function autocannon(options: Options): Promise<Result>
  export default autocannon
}
