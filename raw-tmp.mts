import { exchange } from './test/helpers/raw-http.ts';
for (const line of process.argv.slice(2)) {
  const [r] = await exchange(Number(process.env.P), line.replace(/\\r\\n/g, '\r\n') + '\r\n', ['GET']).catch((e) => [{ status: -1, head: String(e), body: Buffer.alloc(0) }]);
  console.log(JSON.stringify(line.slice(0, 40)), r?.status, r?.body.toString().slice(0, 150));
}
