import http from 'node:http';

export type Balancer = {
  url: string;
  /** How many requests each target answered, in the order of `targets`. */
  served(): number[];
  close(): Promise<void>;
};

/**
 * A round-robin HTTP load balancer on `port`: request n goes to target n mod count, with no
 * stickiness, so consecutive requests of one client always land on different processes.
 */
export function startBalancer(port: number, targets: string[]): Promise<Balancer> {
  const counts = targets.map(() => 0);
  let next = 0;
  const server = http.createServer((req, res) => {
    const index = next++ % targets.length;
    counts[index] = (counts[index] ?? 0) + 1;
    const target = new URL(req.url ?? '/', targets[index]);
    const upstream = http.request(target, { method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => {
      res.writeHead(502).end();
    });
    req.pipe(upstream);
  });
  return new Promise((resolve, reject) => {
    server.on('error', reject);
    server.listen(port, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${port}`,
        served: () => [...counts],
        close: () =>
          new Promise((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      }),
    );
  });
}
