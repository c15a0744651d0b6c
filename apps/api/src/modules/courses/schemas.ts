import { ZApiError } from '@academy/contract';

/** Error responses shared by the course routes. */
export const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError };
export const uploadErrors = { ...errors, 413: ZApiError, 415: ZApiError, 422: ZApiError };
