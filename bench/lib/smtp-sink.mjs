// The SMTP relay the bench's reminder passes mail to, in a process of its own (as a real relay is
// another machine): a real SMTP server over TCP that takes every message and counts it, so that
// parsing the received mails is neither in the measured process's memory nor on its event loop.
// `startSink()` forks this file and gives { url, received(), close() }.
import { fork } from 'node:child_process';
import { SMTPServer } from 'smtp-server';

/** Starts the sink in a child process; `received()` asks it how many messages it took. */
export async function startSink() {
  const child = fork(import.meta.filename, ['serve'], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const replies = [];
  child.on('message', (message) => replies.shift()?.(message));
  const ask = (question) =>
    new Promise((resolve, reject) => {
      replies.push(resolve);
      child.once('exit', () => reject(new Error('the SMTP sink exited')));
      if (question) child.send(question);
    });
  const { port } = await ask();
  return {
    url: `smtp://127.0.0.1:${port}`,
    received: async () => (await ask({ ask: 'received' })).received,
    close: async () => {
      child.kill();
      await new Promise((resolve) => (child.exitCode === null ? child.once('exit', resolve) : resolve()));
    },
  };
}

async function serve() {
  let received = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, done) {
      stream.on('data', () => {});
      stream.on('end', () => {
        received += 1;
        done();
      });
    },
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  process.on('message', () => process.send?.({ received }));
  process.on('disconnect', () => process.exit(0));
  process.send?.({ port: server.server.address().port });
}

if (process.argv[2] === 'serve') await serve();
