/**
 * Why a service refuses, in words the person can read, and what kind of refusal it is. Services throw these
 * and know nothing of HTTP; the error plugin (plugins/errors.ts) gives each kind its status code.
 */
export abstract class DomainError extends Error {
  abstract readonly kind:
    | 'invalidInput'
    | 'notSignedIn'
    | 'paymentDeclined'
    | 'forbidden'
    | 'notFound'
    | 'conflict'
    | 'tooLarge'
    | 'tooMany'
    | 'unavailable';

  /** `details` go into the answer beside the message, e.g. the tool as it is now with a conflict. */
  constructor(
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** The request asks for something the rules do not allow (a quantity below the minimum, a foreign payment). */
export class InvalidInput extends DomainError {
  readonly kind = 'invalidInput';
}

/** Nobody is signed in: the session names no account (any more). */
export class NotSignedIn extends DomainError {
  readonly kind = 'notSignedIn';

  constructor() {
    super('Please sign in first.');
  }
}

/** The card was refused; the message says why. */
export class PaymentDeclined extends DomainError {
  readonly kind = 'paymentDeclined';
}

/** The signed-in person may not do this. */
export class Forbidden extends DomainError {
  readonly kind = 'forbidden';
}

export class NotFound extends DomainError {
  readonly kind = 'notFound';
}

/** The thing is not in a state that allows this now (already paid, edited by someone else meanwhile). */
export class Conflict extends DomainError {
  readonly kind = 'conflict';
}

export class TooLarge extends DomainError {
  readonly kind = 'tooLarge';
}

export const tooManyRequestsMessage = (retryAfterSeconds: number) =>
  `Too many requests. Please try again in ${retryAfterSeconds} seconds.`;

/** The client has sent more of these requests than it may at once, or in a while. */
export class TooManyRequests extends DomainError {
  readonly kind = 'tooMany';

  constructor(readonly retryAfterSeconds: number) {
    super(tooManyRequestsMessage(retryAfterSeconds));
  }
}

/**
 * The shop cannot do this just now; `retryAfterSeconds` says when to try again, where known. `fault`, when
 * given, is a failure of the shop or a service it uses (not a refusal for load): it is logged as an error.
 */
export class Unavailable extends DomainError {
  readonly kind = 'unavailable';

  constructor(
    message: string,
    readonly retryAfterSeconds?: number,
    readonly fault?: unknown,
  ) {
    super(message);
  }
}
