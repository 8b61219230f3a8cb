/** The phone, postal and address rules of the gate, each broken on a copy of the real data, with the message the gate must print. */
import { byCountry, type RuleBreach } from './name-breaches.ts';

export const ADDRESS_BREACHES: RuleBreach[] = [
  {
    rule: 'a phone example that is not a valid number',
    file: 'phone',
    expected: 'data/phone.json#/',
    mutate: (phone) => {
      phone.find(byCountry('BR')).example.e164 = '+550000000000';
    },
  },
  {
    rule: 'a phone example outside its national pattern',
    file: 'phone',
    expected: 'does not match the national pattern',
    mutate: (phone) => {
      phone.find(byCountry('BR')).patterns.national = '^(?:9\\d{10})$';
    },
  },
  {
    rule: 'a phone example of an impossible length',
    file: 'phone',
    expected: 'not one of the possible lengths 8',
    mutate: (phone) => {
      phone.find(byCountry('BR')).patterns.possible_lengths = [8];
    },
  },
  {
    rule: 'a calling code that disagrees with the country',
    file: 'phone',
    expected: "+56 differs from the country's calling code +55",
    mutate: (phone) => {
      phone.find(byCountry('BR')).calling_code = '+56';
    },
  },
  {
    rule: 'a postal example outside its pattern',
    file: 'postal-codes',
    expected: 'BR example 4030-110 does not match',
    mutate: (postal) => {
      const rule = postal.find(byCountry('BR')).postal_code;
      rule.examples[0] = rule.example = '4030-110';
    },
  },
  {
    rule: 'a postal format that does not describe the example',
    file: 'postal-codes',
    expected: 'format ##### does not describe the example',
    mutate: (postal) => {
      postal.find(byCountry('BR')).postal_code.format = '#####';
    },
  },
  {
    rule: 'an address postal code outside the country pattern',
    file: 'addresses',
    expected: 'BR postal code 7000 does not match',
    mutate: (addresses) => {
      addresses.find(byCountry('BR')).example.postal_code = '7000';
    },
  },
  {
    rule: 'an address subdivision that does not exist',
    file: 'addresses',
    expected: 'subdivision BR-ZZ does not exist',
    mutate: (addresses) => {
      addresses.find(byCountry('BR')).example.subdivision = 'ZZ';
    },
  },
  {
    rule: 'a postal code for a country without postal codes',
    file: 'addresses',
    expected: 'AE has no postal codes, yet the example gives 12345',
    mutate: (addresses) => {
      addresses.find(byCountry('AE')).example.postal_code = '12345';
    },
  },
  {
    rule: 'a layout field code missing its % (NA "%Cn%Z")',
    file: 'addresses',
    expected: '%N%n%O%n%A%n%Cn%Z has lower-case text outside its field codes',
    mutate: (addresses) => {
      addresses.find(byCountry('NA')).format.layout = '%N%n%O%n%A%n%Cn%Z';
    },
  },
  {
    rule: 'an address place glossed in English',
    file: 'addresses',
    expected: 'AT is written in de, yet its place "Austrian Parliament Building" has the English "Parliament"',
    mutate: (addresses) => {
      addresses.find(byCountry('AT')).example.place = 'Austrian Parliament Building';
    },
  },
  {
    rule: 'an address in Latin script where the country writes another',
    file: 'addresses',
    expected: 'RU (ru) place "State Duma" has letters outside Cyrl',
    mutate: (addresses) => {
      addresses.find(byCountry('RU')).example.place = 'State Duma';
    },
  },
  {
    rule: 'a Latin-script form in another script',
    file: 'addresses',
    expected: 'JP Latin-script city "新宿区" has letters outside Latn',
    mutate: (addresses) => {
      addresses.find(byCountry('JP')).example.latin.city = '新宿区';
    },
  },
  {
    rule: 'an address in a non-Latin script without its Latin-script form',
    file: 'addresses',
    expected: 'SA is written in Arab: a Latin-script form is needed',
    mutate: (addresses) => {
      addresses.find(byCountry('SA')).example.latin = null;
    },
  },
  {
    rule: 'an address without a part its layout requires',
    file: 'addresses',
    expected: 'KY lacks %S, which its layout requires',
    mutate: (addresses) => {
      addresses.find(byCountry('KY')).example.subdivision_name = null;
    },
  },
];
