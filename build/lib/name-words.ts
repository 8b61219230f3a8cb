/**
 * Names cut into words as their language writes them: Intl.Segmenter (ICU's word break, with its
 * dictionaries for Thai, Khmer, Lao, Burmese and Chinese, which write no spaces), lower-cased.
 * Shared by the import, which drops a community name that fails a check, and the gate, which refuses it.
 */

const segmenters = new Map<string, Intl.Segmenter>();
/** Per locale, then per text: the checks ask for the same names' words again and again, and a key joined of the two cost more than the lookup. */
const cache = new Map<string, Map<string, string[]>>();

/** The words of a name (letters and marks only), lower-cased in its locale. */
export function wordsOf(text: string, tag: string): string[] {
  let inLocale = cache.get(tag);
  if (!inLocale) cache.set(tag, (inLocale = new Map()));
  let words = inLocale.get(text);
  if (!words) {
    words = segmented(text, tag);
    inLocale.set(text, words);
  }
  return words;
}

function segmented(text: string, tag: string): string[] {
  let segmenter = segmenters.get(tag);
  if (!segmenter) {
    segmenter = new Intl.Segmenter(tag, { granularity: 'word' });
    segmenters.set(tag, segmenter);
  }
  // Spellings one name writes and another not are one word: ’ and ', ё and е (Объединённые, Объединенные).
  // Latin elisions and hyphenated parts are words of their own: "d'Andorre" holds "Andorre" (Ukrainian Об’єднані stays one).
  return [...segmenter.segment(text.normalize('NFC'))]
    .filter((part) => part.isWordLike)
    .flatMap((part) =>
      part.segment
        .replace(/[\u200b-\u200d\u00ad]/gu, '')
        .replaceAll('’', "'")
        .toLocaleLowerCase(tag)
        .replaceAll('ё', 'е')
        .split(/\p{Script=Latin}*['’](?=\p{Script=Latin})|[‐-]/u),
    )
    .filter((word) => /\p{L}/u.test(word));
}

/** Scripts whose words are not cut by spaces, or whose names a case ending does not change. */
const UNCUT = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;

/**
 * The stem of a word a name inflects (Georgian ნეპალი -> ნეპალის, Ukrainian Франція -> Французька,
 * Russian Россия -> Российская): the word without its last two letters, never shorter than three.
 */
export function stemOf(word: string, cut = 2): string {
  const letters = [...word];
  if (letters.length <= 3) return word;
  return letters.slice(0, Math.max(cut === 2 ? 3 : 4, letters.length - cut)).join('');
}

/**
 * Whether `name` holds `other` as whole words in sequence, each word of `other` starting a word of
 * `name` at its stem (the word less `cut` letters), so an inflected form counts: "Federal Republic of
 * Nigeria" holds "Nigeria", "Nigeria" does not hold "Niger" with `cut` 0. Han and kana names compare as text.
 */
export function holdsName(name: string, other: string, tag: string, cut = 2): boolean {
  if (UNCUT.test(other)) return holdsHanName(name, other, cut > 1);
  const words = wordsOf(name, tag);
  const wanted = wordsOf(other, tag);
  if (!wanted.length) return false;
  for (let start = 0; start + wanted.length <= words.length; start++) {
    if (wanted.every((want, offset) => startsAs(words[start + offset], want, cut))) return true;
  }
  return false;
}

/** Whether a word of a name is the wanted word, or starts at its stem (`cut` letters off) where the wanted word is long enough to inflect. */
function startsAs(word: string, want: string, cut: number): boolean {
  if (word === want || cut <= 0) return word === want;
  let ofCut = stems.get(cut);
  if (!ofCut) stems.set(cut, (ofCut = new Map()));
  let stem = ofCut.get(want);
  if (stem === undefined) ofCut.set(want, (stem = [...want].length > 4 ? stemOf(want, cut) : null));
  return stem !== null && word.startsWith(stem);
}
/** Per cut, each word's stem (null where it is held only whole), made once: names are held against names in every locale. */
const stems = new Map<number, Map<string, string | null>>();

/**
 * Han and kana names compare as text. With `loose`, a Han name counts as held where each of its
 * characters but 国 (country) is: 中华人民共和国 holds 中国, 泰王国 holds 泰国, but 阿联酋 does not hold
 * 阿拉伯联合酋长国.
 */
function holdsHanName(name: string, other: string, loose: boolean): boolean {
  const flat = name.replace(/\s/gu, '');
  if (flat.includes(other.replace(/\s/gu, ''))) return true;
  const significant = [...other].filter((char) => /\p{L}/u.test(char) && char !== '国' && char !== '國');
  return loose && significant.length > 0 && significant.every((char) => /\p{Script=Han}/u.test(char) && flat.includes(char));
}

/** Edit distance of two words (as code points, or as the units given), stopping early past `limit`. */
export function editDistance(a: string | string[], b: string | string[], limit: number): number {
  const x = [...a];
  const y = [...b];
  if (Math.abs(x.length - y.length) > limit) return limit + 1;
  let previous = Array.from({ length: y.length + 1 }, (_, j) => j);
  for (let i = 1; i <= x.length; i++) {
    const current = [i];
    for (let j = 1; j <= y.length; j++) current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (x[i - 1] === y[j - 1] ? 0 : 1));
    previous = current;
  }
  return previous[y.length];
}
