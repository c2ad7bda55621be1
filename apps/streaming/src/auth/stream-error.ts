/**
 * A refused connection or subscription, with Mastodon's streaming status and message: HTTP
 * answers `{"error": message}` with the status, a WebSocket subscription gets
 * `{"error": message, "status": status}`, a WebSocket upgrade is refused with the status.
 */
export class StreamError extends Error {
  constructor(
    readonly status: 400 | 401 | 503,
    message: string,
  ) {
    super(message);
    this.name = 'StreamError';
  }

  static missingToken(): StreamError {
    return new StreamError(401, 'Missing access token');
  }

  static invalidToken(): StreamError {
    return new StreamError(401, 'Invalid access token');
  }

  static scopes(): StreamError {
    return new StreamError(401, 'Access token does not have the required scopes');
  }

  /** Redis, which every stream listens on, is unreachable for now. */
  static unavailable(): StreamError {
    return new StreamError(
      503,
      'There was a temporary problem serving your request, please try again',
    );
  }

  static badRequest(message: string): StreamError {
    return new StreamError(400, message);
  }
}
