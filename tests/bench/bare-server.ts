/**
 * The baseline of the benchmark: a bare Fastify server in a process of its own, answering fixed
 * paths with bytes prepared in advance (pre-serialised, pre-compressed), so the project's server
 * is compared with the least work any Node server could do to send the same bytes.
 * Reads the routes from the JSON file named on the command line; prints its port.
 */
import fs from 'node:fs';
import Fastify from 'fastify';

export interface BareRoute {
  path: string;
  file: string;
  headers: Record<string, string>;
}

const routes = JSON.parse(fs.readFileSync(process.argv[2]!, 'utf8')) as BareRoute[];
const app = Fastify();
for (const route of routes) {
  const body = fs.readFileSync(route.file);
  app.get(route.path, (_req, reply) => reply.headers(route.headers).send(body));
}
const address = await app.listen({ port: 0, host: '127.0.0.1' });
console.log(new URL(address).port);
