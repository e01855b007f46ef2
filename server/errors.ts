import { errorMessages, type ApiErrorBody } from '../contract/messages';

/** An error whose status and Japanese message are meant for the caller. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly errors?: Record<string, string>,
    /** Extra fields of the body (the OAuth endpoint's `error`). */
    readonly extra?: Partial<ApiErrorBody>,
  ) {
    super(message);
  }

  toBody(): ApiErrorBody {
    return {
      ...this.extra,
      code: this.code,
      message: this.message,
      ...(this.errors ? { errors: this.errors } : {}),
    };
  }
}

export const badRequest = (message: string = errorMessages.validation, errors?: Record<string, string>) =>
  new AppError(400, 'validation', message, errors);
/** 400 naming the field the console shows the message under. */
export const fieldError = (field: string, message: string) => badRequest(message, { [field]: message });
export const unauthorized = () => new AppError(401, 'unauthorized', errorMessages.unauthorized);
export const forbidden = () => new AppError(403, 'forbidden', errorMessages.forbidden);
export const notFound = () => new AppError(404, 'not_found', errorMessages.notFound);
export const conflict = (message: string = errorMessages.conflict, errors?: Record<string, string>) =>
  new AppError(409, 'conflict', message, errors);

/** OAuth 2.0 errors (RFC 6749 5.2) in our error shape, `error` kept for OAuth clients. */
export const oauthError = (statusCode: number, error: string, message: string) =>
  new AppError(statusCode, error, message, undefined, { error });
