import { readLink, readText, type LinkContent } from '../content';
import { defineBlock, type BlockProps } from './block';

export interface CallToActionContent {
  title: string;
  text?: string;
  action?: LinkContent;
}

function CallToActionSection({ content, Heading, headingId }: BlockProps<CallToActionContent>) {
  return (
    <div className="container cta">
      <Heading id={headingId} className="section__title">
        {content.title}
      </Heading>
      {content.text && <p className="cta__text">{content.text}</p>}
      {content.action && (
        <a className="button" href={content.action.href}>
          {content.action.label}
        </a>
      )}
    </div>
  );
}

export const callToActionBlock = defineBlock<CallToActionContent>((raw) => {
  const title = readText(raw, 'title');
  if (!title) return null;
  return { title, text: readText(raw, 'text'), action: readLink(raw, 'action') };
}, CallToActionSection);
