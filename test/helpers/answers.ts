/**
 * A plain HTTP request on 127.0.0.1 (node:http: nothing decompressed or added behind the test's back),
 * and requests that sample every kind of answer, with a key and without.
 */
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';

export interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export const get = (port: number | string, path: string, headers: Record<string, string> = {}, method = 'GET') =>
  new Promise<Answer>((resolve, reject) => {
    httpRequest({ host: '127.0.0.1', port, path, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    })
      .on('error', reject)
      .end();
  });

/** Requests that two servers of one dist must answer alike: path, and extra request headers. */
export const SAMPLE: [string, Record<string, string>][] = [
  ['/v1', {}],
  ['/v1/openapi.json', {}],
  ['/v1/countries', {}],
  ['/v1/countries?view=full', {}],
  ['/v1/countries?locale=pt-BR', {}],
  ['/v1/countries?locale=zh_TW&view=full', {}],
  ['/v1/countries?locale=pt-AO', {}],
  ['/v1/countries?locale=xx-YY', {}],
  ['/v1/countries/BR', {}],
  ['/v1/countries/br', {}],
  ['/v1/countries/BRA?locale=de', {}],
  ['/v1/countries/076?locale=pt-AO', {}],
  ['/v1/countries/XK?locale=sr-Latn', {}],
  ['/v1/countries/JP?locale=ja', {}],
  ['/v1/phone/BR', {}],
  ['/v1/phone/aq', {}],
  ['/v1/postal-code/AE', {}],
  ['/v1/postal-code/JP', {}],
  ['/v1/address-example/US', {}],
  ['/v1/subdivisions/US', {}],
  ['/v1/subdivisions/US?locale=de', {}],
  ['/v1/subdivisions/GB/GB-KEC', {}],
  ['/v1/subdivisions/US/US-CA?locale=de', {}],
  ['/v1/subdivisions/BR/BR-SP?locale=de', {}],
  ['/v1/subdivisions/BR/BR-SP?locale=pt-PT', {}],
  ['/v1/countries/search?q=alemanha', {}],
  // Codes ISO withdrew: 410 naming the successors, as alpha-2, alpha-3, numeric and (canonical) subdivision codes.
  ['/v1/countries/ZR', {}],
  ['/v1/countries/yug?locale=de', {}],
  ['/v1/phone/891', {}],
  ['/v1/subdivisions/SU', {}],
  ['/v1/subdivisions/KZ/KZ-AST', {}],
  ['/v1/subdivisions/KZ/KZ-AST?locale=ru', {}],
  ['/v1/countries/BR', { 'Accept-Encoding': 'br' }],
  ['/v1/countries', { 'Accept-Encoding': 'gzip' }],
  ['/v1/countries?view=full&locale=fr', { 'Accept-Encoding': 'br, gzip' }],
  // Absolute-form (RFC 9112 3.2.2), as a client talking to a proxy sends it.
  ['http://api.example/v1/countries/JP?locale=fr', {}],
];

/** Requests answered without a key (the form page, the OpenAPI document): path, and extra request headers. */
export const ANONYMOUS: [string, Record<string, string>][] = [
  ['/', {}],
  ['/', { 'Accept-Encoding': 'br' }],
  ['/page/page.js', { 'Accept-Encoding': 'gzip' }],
  ['/page/phone-format.js', {}],
  ['/page/postal-code.js', { 'Accept-Encoding': 'br' }],
  ['/page/country-picker.js', { 'Accept-Encoding': 'br' }],
  ['/page/fields.js', {}],
  ['/page/page.css', {}],
  ['/v1/openapi.json', {}],
  ['/v1/openapi.json', { 'Accept-Encoding': 'br' }],
];
