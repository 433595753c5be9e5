/**
 * Typed errors with a stable code. The error handler in app.ts sends 4xx messages to the
 * client and turns everything else into "Internal Server Error". A code is one of the list in
 * core, so the web's catalog has a text for it in both languages.
 */
import type { ErrorCode } from '../core/error-codes';

export type { ErrorCode };

export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, code: ErrorCode = 'BAD_REQUEST', details?: Record<string, unknown>) =>
  new AppError(400, code, message, details);
export const unauthorized = (message = 'Unauthorized') => new AppError(401, 'UNAUTHORIZED', message);
export const forbidden = (message = 'Forbidden', code: ErrorCode = 'FORBIDDEN', details?: Record<string, unknown>) =>
  new AppError(403, code, message, details);
export const notFound = (message = 'Not found', code: ErrorCode = 'NOT_FOUND') => new AppError(404, code, message);
export const conflict = (message: string, code: ErrorCode = 'CONFLICT', details?: Record<string, unknown>) =>
  new AppError(409, code, message, details);
export const tooMany = (message = 'Too many attempts. Please wait a minute and try again.') =>
  new AppError(429, 'RATE_LIMITED', message);

/** A 400 shaped like the request validator's: the form shows `message` at `field`. */
export const fieldError = (field: string, message: string) =>
  new AppError(400, 'VALIDATION_FAILED', message, { errors: { [field]: message } });

/** The body of an error answer, for the few places that send one without throwing. */
export const errorBody = (code: ErrorCode, message: string) => ({ message, code });

/**
 * Our code for an error Fastify or one of its plugins raised with its own `FST_…` code: a
 * client's mistake keeps its status and gets the code of that status, so every answer carries
 * a code the catalog knows.
 */
export function frameworkErrorCode(error: { code?: string; statusCode?: number }): ErrorCode {
  if (error.code === 'FST_ERR_BAD_URL') return 'BAD_URL';
  if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY')
    return 'MALFORMED_JSON';
  switch (error.statusCode) {
    case 401:
      return 'UNAUTHORIZED';
    case 403:
      return 'FORBIDDEN';
    case 404:
      return 'NOT_FOUND';
    case 413:
      return 'BODY_TOO_LARGE';
    case 415:
      return 'UNSUPPORTED_MEDIA_TYPE';
    case 429:
      return 'RATE_LIMITED';
    default:
      return 'BAD_REQUEST';
  }
}
