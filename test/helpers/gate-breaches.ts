/**
 * Each rule of the gate, broken on a copy of the real data, with the message the gate must print: the phone,
 * postal and address rules (address-breaches.ts), the record rules (here) and the name gates (name-breaches.ts).
 */
import { ADDRESS_BREACHES } from './address-breaches.ts';
import { byCountry, NAME_BREACHES, type RuleBreach } from './name-breaches.ts';

const RECORD_BREACHES: RuleBreach[] = [
  {
    rule: 'a subdivision code without its country prefix',
    file: 'subdivisions',
    expected: 'US-SP does not start with its country code BR-',
    mutate: (subdivisions) => {
      subdivisions.find((entry: any) => entry.code === 'BR-SP').code = 'US-SP';
    },
  },
  {
    rule: 'a subdivision whose parent does not exist',
    file: 'subdivisions',
    expected: 'parent GB-XXX of GB-KEC does not exist',
    mutate: (subdivisions) => {
      subdivisions.find((entry: any) => entry.code === 'GB-KEC').parent = 'GB-XXX';
    },
  },
  {
    rule: 'a duplicate country code',
    file: 'countries',
    expected: 'duplicate alpha2 BR',
    mutate: (countries) => {
      countries.push(structuredClone(countries.find(byCountry('BR'))));
    },
  },
  {
    rule: 'a duplicate subdivision code',
    file: 'subdivisions',
    expected: 'duplicate subdivision code BR-SP',
    mutate: (subdivisions) => {
      subdivisions.push(structuredClone(subdivisions.find((entry: any) => entry.code === 'BR-SP')));
    },
  },
  {
    rule: 'a locale key that is not well-formed BCP 47',
    file: 'countries',
    expected: 'property name must be valid',
    mutate: (countries) => {
      countries.find(byCountry('BR')).name.pt_BR = 'Brasil';
    },
  },
  {
    rule: 'a translation in an unsupported locale',
    file: 'subdivisions',
    expected: 'locale tlh is not a supported locale',
    mutate: (subdivisions) => {
      subdivisions.find((entry: any) => entry.code === 'BR-SP').name.tlh = 'São Paulo';
    },
  },
  {
    rule: 'XK left out',
    file: 'countries',
    expected: 'country XK is missing',
    mutate: (countries) => {
      countries.find(byCountry('XK')).alpha2 = 'XX';
    },
  },
  {
    rule: 'a flag that is not the country code',
    file: 'countries',
    expected: 'flag of BR must be',
    mutate: (countries) => {
      countries.find(byCountry('BR')).flag = '🇵🇹';
    },
  },
  {
    rule: 'a Japanese name written with kanji without its reading',
    file: 'name-readings',
    expected: 'JP ja name 日本 has no reading',
    mutate: (readings) => {
      readings.splice(
        readings.findIndex((entry: any) => entry.country === 'JP' && entry.name === '日本'),
        1,
      );
    },
  },
  {
    rule: 'a kana reading with kanji left in it',
    file: 'name-readings',
    expected: 'KR ja reading "韓こく" of 韓国 is not kana',
    mutate: (readings) => {
      readings.find((entry: any) => entry.country === 'KR' && entry.name === '韓国').readings = ['韓こく'];
    },
  },
  {
    rule: 'a pinyin reading written in hanzi or with tones',
    file: 'name-readings',
    expected: 'CN zh reading "zhōng guó" of 中国 is not toneless pinyin',
    mutate: (readings) => {
      readings.find((entry: any) => entry.country === 'CN' && entry.language === 'zh' && entry.name === '中国').readings = ['zhōng guó'];
    },
  },
  {
    rule: 'a field missing from a dataset',
    file: 'countries',
    expected: "BR: must have required property 'calling_code'",
    mutate: (countries) => {
      delete countries.find(byCountry('BR')).calling_code;
    },
  },
];

export const BREACHES: RuleBreach[] = [...ADDRESS_BREACHES, ...RECORD_BREACHES, ...NAME_BREACHES];
