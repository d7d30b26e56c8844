import { highlightSegments } from '@mp/contract/rules/quick-search';

/** The text with every occurrence of the search words in bold. */
export function Highlighted({ text, words }: { text: string; words: readonly string[] }) {
  return (
    <>
      {highlightSegments(text, words).map((s, i) =>
        s.match ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: segments have no identity beyond their position
          <strong key={i}>{s.text}</strong>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: as above
          <span key={i}>{s.text}</span>
        ),
      )}
    </>
  );
}
