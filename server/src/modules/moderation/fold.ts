/**
 * The text filters see: what a viewer meant, not how they dressed it up. NFKC (full-width
 * letters, ligatures, circled letters), zero-width and soft-hyphen characters removed, lower
 * case, the common look-alike letters of Cyrillic and Greek folded to their Latin twins, and
 * whitespace collapsed. Banned terms are folded the same way when they are compiled.
 */

/** Zero-width space/joiners, word joiner, BOM, soft hyphen, Mongolian vowel separator, invisible operators. */
const INVISIBLE = /[\u00AD\u180E\u200B-\u200F\u2060-\u2064\uFEFF]/gu

/** Cyrillic and Greek letters drawn like Latin ones (lower case: folding runs after toLowerCase). */
const LOOK_ALIKES: Record<string, string> = {
  а: 'a',
  в: 'b',
  е: 'e',
  ё: 'e',
  з: '3',
  і: 'i',
  ї: 'i',
  ј: 'j',
  к: 'k',
  м: 'm',
  н: 'h',
  о: 'o',
  р: 'p',
  с: 'c',
  т: 't',
  у: 'y',
  х: 'x',
  ѕ: 's',
  ԁ: 'd',
  ԛ: 'q',
  ԝ: 'w',
  ӏ: 'l',
  ɡ: 'g',
  α: 'a',
  β: 'b',
  ε: 'e',
  ι: 'i',
  κ: 'k',
  ν: 'v',
  ο: 'o',
  ρ: 'p',
  τ: 't',
  υ: 'u',
  χ: 'x',
  ω: 'w',
}
const LOOK_ALIKE_CLASS = `[${Object.keys(LOOK_ALIKES).join('')}]`
const LOOK_ALIKE_RE = new RegExp(LOOK_ALIKE_CLASS, 'gu')
const HAS_LOOK_ALIKE = new RegExp(LOOK_ALIKE_CLASS, 'u')

/**
 * Folds look-alikes only inside words that also hold Latin letters, or consist only of
 * look-alikes: "frее" (Cyrillic е) becomes "free", while a Russian sentence keeps its words
 * ("привет" has letters with no Latin twin and stays as it is).
 */
function foldWord(word: string): string {
  if (!HAS_LOOK_ALIKE.test(word)) return word
  const folded = word.replace(LOOK_ALIKE_RE, (c) => LOOK_ALIKES[c] ?? c)
  // A word of another script that merely contains some look-alikes stays untouched.
  return /[\p{Script=Cyrillic}\p{Script=Greek}]/u.test(folded) ? word : folded
}

export function foldText(text: string): string {
  const base = text.normalize('NFKC').replace(INVISIBLE, '').toLowerCase()
  return base.split(/\s+/u).filter(Boolean).map(foldWord).join(' ')
}
