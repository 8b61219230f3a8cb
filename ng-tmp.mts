import { startNginx } from './nginx/nginx.ts';
const n = await startNginx({ distDir: process.env.D!, host: '127.0.0.1', port: 8111, keys: ['test-key-0123456789-abcdefghij'], searchOrigin: 'http://127.0.0.1:3111', workers: 1, say: console.log });
console.log('started', n.release(), (n as any).child.pid);
process.on('SIGTERM', async () => { await n.stop(); process.exit(0); });
setInterval(() => {}, 1000);
