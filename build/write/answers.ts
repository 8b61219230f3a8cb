/**
 * The body of each endpoint answered from files (contract/endpoints.ts), from the path codes of one
 * answer, the locale and the view. The table is typed by the endpoint table, so an endpoint without a
 * body function here does not compile.
 */
import type { FileEndpointId } from '../../contract/endpoints.ts';
import type { View } from '../../contract/params.ts';
import type { Responses } from './responses.ts';

/** Canonical path codes by kind name (`{ country: 'BR', subdivision: 'BR-SP' }`). */
export type Codes = Readonly<Record<string, string>>;
export type Body = (responses: Responses, codes: Codes, tag: string, view: View) => unknown;

export const ANSWERS: Record<FileEndpointId, Body> = {
  listCountries: (responses, _codes, tag, view) => responses.countryList(tag, view),
  getCountry: (responses, { country }, tag) => responses.fullCountry(responses.country(country), tag),
  getPhone: (responses, { country }) => responses.phone(country),
  getPostalCode: (responses, { country }) => responses.postalCode(country),
  listSubdivisions: (responses, { country }, tag) => responses.subdivisionList(country, tag),
  getSubdivision: (responses, { subdivision }, tag) => responses.subdivision(responses.subdivisionByCode(subdivision), tag),
  getAddressExample: (responses, { country }) => responses.addressExample(country),
  listCurrencies: (responses, _codes, tag) => responses.record.currencyList(tag),
  getCurrency: (responses, { currency }, tag) => responses.record.currency(currency, tag),
};
