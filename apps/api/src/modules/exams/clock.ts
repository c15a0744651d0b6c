/** The server's clock. Tests fake `Date` (vi.useFakeTimers({ toFake: ['Date'] })) to move it. */
export type Clock = () => Date;
export const systemClock: Clock = () => new Date();
