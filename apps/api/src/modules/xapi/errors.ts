/** A refusal the LRS answers with its status and a plain message (xAPI leaves the body free). */
export class XapiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export const badRequest = (message: string): XapiError => new XapiError(400, message);
