import { generator } from './test/helpers/fuzz.ts';
import { prng } from './test/helpers/prng.ts';
import { rawRequest } from './test/helpers/hostile.ts';
const next = generator(prng(0x7135));
for (let i = 0; i < 240; i++) { const t = next(); if ([141, 155, 236, 49, 146].includes(i)) { const { Authorization: auth, ...rest } = t.headers ?? {}; console.log(i, JSON.stringify(rawRequest({ target: t.path, auth: auth ?? null, headers: Object.entries(rest).map(([n, v]) => `${n}: ${v}`) }).toString('latin1'))); } }
