import 'express-session';

declare module 'express-session' {
  interface SessionData {
    /** Token of the forms of the web pages. */
    csrfToken?: string;
    /** Pending OAuth authorization transactions (oauth2orize), by transaction id. */
    authorize?: Record<string, unknown>;
  }
}
