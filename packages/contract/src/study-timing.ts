// No zod here: the web's lesson page imports these values without the schemas (issue 21).

/**
 * Heartbeat timing shared by the player and the server. The player sends a heartbeat every
 * `heartbeatSeconds` while the video plays and the tab is visible, and one at once on pause,
 * on leaving the tab and when the viewing ends; the server credits at most
 * `maxCreditPerHeartbeatSeconds` per heartbeat. Another tab takes over crediting once the
 * active one has been silent for `viewingStaleSeconds`.
 */
export const STUDY_TIMING = {
  heartbeatSeconds: 10,
  maxCreditPerHeartbeatSeconds: 15,
  viewingStaleSeconds: 30,
} as const;
