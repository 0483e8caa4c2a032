/**
 * A fixed offered rate, as callers make it: one request every 1/rate seconds whatever the answers (an open loop),
 * each timed from when it was due, not from when it could be sent, so a slow server cannot slow the load down and
 * hide its own queue. (autocannon's `overallRate` is not this: each connection sends its quota for the second
 * back to back as the second starts, then waits, so 100 req/s arrive as a burst every second.)
 *
 * Runs in a worker thread that bench/routing.ts starts, off the server's event loop. workerData: `url` (POST
 * target), `rate` (requests per second), `seconds`, `setupRequest` (path of a module exporting
 * `(request) => ({ body, headers })`, as autocannon's is). Posts `{ latencies, errors }` back: the milliseconds
 * from each request's due time to its answer, and how many failed (a status other than 200, a network error, or
 * no answer within Twilio's 15 s).
 */
const http = require('node:http');
const { parentPort, workerData } = require('node:worker_threads');

const { url, rate, seconds, setupRequest } = workerData;
const signed = require(setupRequest);
const target = new URL(url);
const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });
const TIMEOUT_MS = 15_000;
const total = Math.round(rate * seconds);
const interval = 1000 / rate;
const start = performance.now() + 20;
const latencies = [];
let errors = 0;
let answered = 0;
let sent = 0;

function finished(due, ok) {
  if (ok) latencies.push(performance.now() - due);
  else errors += 1;
  answered += 1;
  if (answered === total) {
    agent.destroy();
    parentPort.postMessage({ latencies, errors });
  }
}

function send(due) {
  const { body, headers } = signed({ headers: {} });
  const request = http.request(
    {
      host: target.hostname,
      port: target.port,
      path: target.pathname,
      method: 'POST',
      agent,
      timeout: TIMEOUT_MS,
      headers: { ...headers, 'content-length': Buffer.byteLength(body) },
    },
    (response) => {
      response.resume();
      response.on('end', () => finished(due, response.statusCode === 200));
    },
  );
  request.on('timeout', () => request.destroy(new Error('no answer in time')));
  request.on('error', () => finished(due, false));
  request.end(body);
}

/** Sends every request that is due (catching up when the timer fired late), then sleeps until the next. */
function tick() {
  const now = performance.now();
  while (sent < total && start + sent * interval <= now) {
    send(start + sent * interval);
    sent += 1;
  }
  if (sent < total) setTimeout(tick, Math.max(0, start + sent * interval - performance.now()));
}

tick();
