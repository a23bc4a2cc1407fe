import { stemmer } from "stemmer";
import { LEXICON } from "./lexicon";

// Words that carry no procedure: function words, the courtesy of a request ("could you please help me…"), dates
// and generic verbs. Left out of the index and of the request, so a polite or dated request scores like a terse one.
const STOPWORDS = new Set(
  (
    "a about above after again against all am an and any are aren't as at be because been before being below " +
    "between both but by can can't cannot could couldn't did didn't do does doesn't doing don't down during each " +
    "few for from further had hadn't has hasn't have haven't having he he'd he'll he's her here here's hers " +
    "herself him himself his how how's i i'd i'll i'm i've if in into is isn't it it's its itself let's me more " +
    "most mustn't my myself no nor not of on once only or other ought our ours ourselves out over own same shan't " +
    "she she'd she'll she's should shouldn't so some such than that that's the their theirs them themselves then " +
    "there there's these they they'd they'll they're they've this those through to too under until up very was " +
    "wasn't we we'd we'll we're we've were weren't what what's when when's where where's which while who who's " +
    "whom why why's with won't would wouldn't you you'd you'll you're you've your yours yourself yourselves will " +
    "may might must shall please pls hi hello hey thanks thank cheers help need needs want wants wanted like just " +
    "also get got gets getting know let lets make sure someone somebody something anything everything anyone " +
    "everyone able way kindly dear regards one us im ive id dont cant wont whats hows take put give show tell see " +
    "look go going goes come coming keep use happen happening ask asked say says said think still really actually " +
    "anymore already yet much many lot lots bit thing things company companies team teams work working member " +
    "members people person colleague colleagues new today tomorrow yesterday tonight now ago soon later next last " +
    "week weeks month months year years monday tuesday wednesday thursday friday saturday sunday january february " +
    "march april june july august september october november december"
  ).split(" "),
);

/** One word (or phrase) of a text that counts for matching: as written, lowercased, and the term the index uses. */
export type Token = { word: string; stem: string };

const WORD = /[\p{L}\p{N}]+(?:['’][\p{L}]+)*/gu;
const NUMBER = /^\d+(st|nd|rd|th|k)?$/;

/**
 * The stem a word is compared by: possessives dropped ("manager's" → manager), apostrophes removed, then Porter's
 * stemmer, so "reimbursement" and "reimburse", "cancelled" and "cancel" meet. Words of other alphabets and numbers
 * pass through unchanged.
 */
const wordStem = (word: string) => {
  const bare = word.replace(/'s?$/, "").replace(/'/g, "");
  return /^[a-z]+$/.test(bare) ? stemmer(bare) : bare;
};

// Inside a phrase these are skipped: "sign off my reimbursement" and "hand in his notice" match "sign off" and
// "hand in notice".
const FILLERS = new Set(["a", "an", "the", "my", "his", "her", "their", "our", "your", "its", "this", "that"]);

const synonyms = new Map<string, string>();
const phrases = new Map<string, string>();
for (const group of LEXICON) {
  const concept = wordStem(group.head);
  synonyms.set(concept, concept);
  for (const word of group.words ?? []) synonyms.set(wordStem(word), concept);
  for (const phrase of group.phrases ?? []) {
    phrases.set(
      phrase
        .split(" ")
        .filter((word) => !FILLERS.has(word))
        .map(wordStem)
        .join(" "),
      concept,
    );
  }
}
const LONGEST_PHRASE = Math.max(...[...phrases.keys()].map((key) => key.split(" ").length));

/**
 * The words of a text that count for matching, in order. A phrase of the lexicon becomes one token; a word of the
 * lexicon becomes its concept's term; stopwords, numbers and one-letter words are left out.
 */
export function tokens(text: string): Token[] {
  const words = [...text.toLowerCase().matchAll(WORD)].map((match) => match[0].replace(/’/g, "'"));
  const stems = words.map(wordStem);
  const result: Token[] = [];
  for (let i = 0; i < words.length; i++) {
    const phrase = matchPhrase(words, stems, i);
    if (phrase) {
      result.push({ word: words.slice(i, phrase.end).join(" "), stem: phrase.concept });
      i = phrase.end - 1;
      continue;
    }
    pushWord(result, words[i], stems[i]);
  }
  return result;
}

function pushWord(result: Token[], raw: string, wordStem: string): void {
  const word = raw.replace(/'s?$/, "");
  if (STOPWORDS.has(raw) || STOPWORDS.has(word) || word.length < 2 || NUMBER.test(word)) return;
  result.push({ word, stem: synonyms.get(wordStem) ?? wordStem });
}

/** The longest lexicon phrase starting at `start` (fillers inside it skipped), with the index after its last word. */
function matchPhrase(
  words: readonly string[],
  stems: readonly string[],
  start: number,
): { concept: string; end: number } | null {
  if (FILLERS.has(words[start])) return null;
  const parts: string[] = [];
  const ends: number[] = [];
  // A phrase holds a few fillers at most: the look-ahead is bounded, so a run of "the the the…" costs nothing.
  const stop = Math.min(words.length, start + 2 * LONGEST_PHRASE);
  for (let i = start; i < stop && parts.length < LONGEST_PHRASE; i++) {
    if (FILLERS.has(words[i])) continue;
    parts.push(stems[i]);
    ends.push(i + 1);
  }
  for (let length = parts.length; length >= 2; length--) {
    const concept = phrases.get(parts.slice(0, length).join(" "));
    if (concept) return { concept, end: ends[length - 1] };
  }
  return null;
}

/** minisearch's tokenizer and term processor in one: the terms of a text (see `tokens`). */
export function stems(text: string): string[] {
  return tokens(text).map((token) => token.stem);
}
