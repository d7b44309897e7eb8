/** tRPC's error shape, which Cal.com's slots route answers with (docs/design.md#wire). */
const JSON_RPC_CODES = {
  BAD_REQUEST: -32600,
  NOT_FOUND: -32004,
  TOO_MANY_REQUESTS: -32029,
  INTERNAL_SERVER_ERROR: -32603,
  BAD_GATEWAY: -32603,
  SERVICE_UNAVAILABLE: -32603,
} as const

export type TrpcCode = keyof typeof JSON_RPC_CODES

export function trpcCodeFor(status: number): TrpcCode {
  if (status === 429) return 'TOO_MANY_REQUESTS'
  if (status === 404) return 'NOT_FOUND'
  if (status === 502) return 'BAD_GATEWAY'
  if (status === 503) return 'SERVICE_UNAVAILABLE'
  if (status >= 500) return 'INTERNAL_SERVER_ERROR'
  return 'BAD_REQUEST'
}

export function trpcError(message: string, status: number) {
  const code = trpcCodeFor(status)
  return {
    error: {
      json: {
        message,
        code: JSON_RPC_CODES[code],
        data: { code, httpStatus: status, path: 'slots.getSchedule' },
      },
    },
  }
}
