/** The middle value of a benchmark's runs (the upper middle of an even count); NaN when there are none. */
export const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN
