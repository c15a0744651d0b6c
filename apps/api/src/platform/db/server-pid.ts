import fs from 'node:fs';
import path from 'node:path';

/** The file an embedded (PGlite) server keeps in DATA_DIR while it runs; backup/restore read it. */
export const SERVER_PID_FILE = 'server.pid';

/**
 * Writes this process's id to DATA_DIR/server.pid and returns what removes it again (only while it
 * still holds our id). `npm run backup` and `npm run restore` refuse to touch a data folder whose
 * server is alive; a file left by a killed server names a process that is gone, and is ignored.
 */
export function writeServerPid(dataDir: string): () => void {
  const file = path.join(dataDir, SERVER_PID_FILE);
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(file, `${process.pid}\n`);
  return () => {
    try {
      if (fs.readFileSync(file, 'utf8').trim() === String(process.pid)) fs.rmSync(file, { force: true });
    } catch {
      // already gone
    }
  };
}
