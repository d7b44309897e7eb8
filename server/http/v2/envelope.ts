/** Cal.com API v2's envelope: `{ status: "success", data }`, `{ status: "error", error: { code, message } }`. */
import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'

/** Cal.com's error codes are the names of NestJS's exceptions. */
const CODES: Partial<Record<ContentfulStatusCode, string>> = {
  400: 'BadRequestException',
  401: 'UnauthorizedException',
  404: 'NotFoundException',
  413: 'PayloadTooLargeException',
  415: 'UnsupportedMediaTypeException',
  429: 'TooManyRequestsException',
  500: 'InternalServerErrorException',
  503: 'ServiceUnavailableException',
}

export const success = (c: Context, data: unknown, status: ContentfulStatusCode = 200) => c.json({ status: 'success', data }, status)

export const failure = (c: Context, status: ContentfulStatusCode, message: string, headers?: Record<string, string>) =>
  c.json({ status: 'error', error: { code: CODES[status] ?? 'HttpException', message } }, status, headers)
