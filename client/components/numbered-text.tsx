import { splitNumberedLines } from '../../shared/format';

/** Campaign text where lines numbered "1." or "1)" become an ordered list. */
export function NumberedText({ text }: { text: string }) {
  const blocks = splitNumberedLines(text);
  return (
    <div className="prose">
      {blocks.map((block, i) =>
        block.kind === 'list' ? (
          // Blocks never reorder, so their position is a stable key.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <ol key={i}>
            {block.items.map((item, j) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: items are fixed text in order
              <li key={j}>{item}</li>
            ))}
          </ol>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <p key={i}>{block.text}</p>
        ),
      )}
    </div>
  );
}
