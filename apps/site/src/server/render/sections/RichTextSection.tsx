import { readText } from '../content';
import { sanitizeRichText } from '../rich-text';
import { defineBlock, type BlockProps } from './block';

interface RichTextContent {
  /** Already through the site's own sanitiser. */
  html: string;
}

function RichTextSection({ content }: BlockProps<RichTextContent>) {
  return <div className="container prose" dangerouslySetInnerHTML={{ __html: content.html }} />;
}

export const richTextBlock = defineBlock<RichTextContent>(
  (raw) => {
    const html = readText(raw, 'html');
    if (!html) return null;
    const safe = sanitizeRichText(html);
    return safe.trim() === '' ? null : { html: safe };
  },
  RichTextSection,
  () => false,
);
