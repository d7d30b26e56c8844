import { highlightMatches } from '@mp/contract/rules/search';

/**
 * The text with the search words in bold (product §2: matched words in bold). One rule everywhere (search
 * results, cards, the quick-search dropdown): the search's own, so case and accents never matter
 * (`highlightMatches` in @mp/contract/rules/search).
 */
export function Highlight({ text, words }: { text: string; words?: readonly string[] }) {
  if (!words || words.length === 0) return <>{text}</>;
  return (
    <>
      {highlightMatches(text, words).map((p, i) =>
        p.match ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: parts have no identity beyond their position
          <strong key={i}>{p.text}</strong>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: as above
          <span key={i}>{p.text}</span>
        ),
      )}
    </>
  );
}
