/**
 * Which errors mean "the database is away" rather than "this request is wrong". Such a
 * failure answers 503 with Retry-After instead of 500: the request may
 * well succeed a few seconds later, on this process or another one.
 */

/**
 * SQLSTATEs of a lost or refused connection: admin/crash shutdown, cannot connect now, too many
 * clients. Class 08 (connection exception) is matched as a whole below.
 */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);

/**
 * 55000 is "object not in prerequisite state": as a FATAL error it is PostgreSQL refusing the
 * connection ("database is not currently accepting connections", ALTER DATABASE ... ALLOW_CONNECTIONS
 * false during maintenance); as a plain ERROR inside a session it is a mistake of the statement
 * (e.g. currval before nextval), which must stay a 500.
 */
const REFUSED_WHEN_FATAL = new Set(['55000']);

/**
 * Set on an error raised while the pool acquired or opened a connection. Whatever its SQLSTATE
 * (a server can refuse a session for reasons no list foresees: a role that may not log in right
 * now, a database being renamed, a pooler's own codes), no statement of the request ran, so the
 * request may succeed once connections are accepted again.
 */
const CONNECT_FAILURE = Symbol.for('bitaqa.db.connectFailure');

/** Marks an error as raised while establishing a database connection (see CONNECT_FAILURE). */
export function markConnectFailure<E>(error: E): E {
  if (error && typeof error === 'object') {
    try {
      Object.defineProperty(error, CONNECT_FAILURE, { value: true, enumerable: false });
    } catch {
      // A frozen error object: its code still classifies it below.
    }
  }
  return error;
}

/** Socket-level errors node-postgres passes on unchanged. */
const UNAVAILABLE_ERRNOS = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ENOTFOUND', 'EHOSTUNREACH']);

/** node-postgres reports some losses only by message. */
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'Client has encountered a connection error and is not queryable',
  'timeout exceeded when trying to connect',
  'Client was closed and is not queryable',
  'Cannot use a pool after calling end on the pool',
];

/** True when the error (or one it wraps, e.g. Drizzle's DrizzleQueryError) is a lost database connection. */
export function isDatabaseUnavailable(error: unknown): boolean {
  let e: unknown = error;
  for (let depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    if ((e as { [CONNECT_FAILURE]?: boolean })[CONNECT_FAILURE]) return true;
    const { code, message, severity } = e as { code?: unknown; message?: unknown; severity?: unknown };
    if (typeof code === 'string') {
      if (UNAVAILABLE_SQLSTATES.has(code) || UNAVAILABLE_ERRNOS.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return true;
      // FATAL ends the session: the server dropped or refused this connection.
      if (REFUSED_WHEN_FATAL.has(code) && (severity === 'FATAL' || severity === 'PANIC')) return true;
    }
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((m) => message.includes(m))) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** Seconds a client should wait before retrying while the database is away. */
export const RETRY_AFTER_SECONDS = 2;
