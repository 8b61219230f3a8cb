import { startNginx } from './nginx/nginx.ts';
import { builtDist } from './test/helpers/dist.ts';
import { startGateway, TEST_KEY } from './test/helpers/gateway.ts';
import { rawRequest } from './test/helpers/hostile.ts';
import { freePort } from './test/helpers/start.ts';
import { ask } from './test/helpers/tiers.ts';
const g = await startGateway();
const port = await freePort();
const n = await startNginx({ distDir: builtDist(), host: '127.0.0.1', port, keys: [TEST_KEY], searchOrigin: `http://127.0.0.1:${g.port}`, workers: 1 });
const cases = JSON.parse(process.argv[2]);
for (const c of cases) {
  const bytes = rawRequest(c);
  for (const [name, p] of [['gw', g.port], ['nx', port]] as const) {
    const a = await ask({ name, port: p }, bytes, c.method ?? 'GET');
    console.log(name, a.status, a.body.toString().slice(0, 260));
  }
}
await n.stop(); await g.close();
