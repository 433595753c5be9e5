/**
 * Typed errors with a stable code. The error handler in app.ts sends 4xx messages to the
 * client and turns everything else into "Internal Server Error".
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, code = 'BAD_REQUEST', details?: Record<string, unknown>) =>
  new AppError(400, code, message, details);
export const unauthorized = (message = 'Unauthorized') => new AppError(401, 'UNAUTHORIZED', message);
export const forbidden = (message = 'Forbidden', code = 'FORBIDDEN') => new AppError(403, code, message);
export const notFound = (message = 'Not found', code = 'NOT_FOUND') => new AppError(404, code, message);
export const conflict = (message: string, code = 'CONFLICT') => new AppError(409, code, message);
export const tooMany = (message = 'Too many attempts. Please wait a minute and try again.') =>
  new AppError(429, 'RATE_LIMITED', message);

/** A 400 shaped like the request validator's: the form shows `message` at `field`. */
export const fieldError = (field: string, message: string) =>
  new AppError(400, 'VALIDATION_FAILED', message, { errors: { [field]: message } });
