import { readLink, readText, type LinkContent } from '../content';
import { defineBlock, type BlockProps } from './block';

/** A short message page: not found, errors, confirmations. */
export interface MessageContent {
  code?: string;
  title: string;
  text?: string;
  action?: LinkContent;
}

function MessageSection({ content, Heading, headingId }: BlockProps<MessageContent>) {
  return (
    <div className="container message">
      {content.code && (
        <p className="message__code" aria-hidden="true">
          {content.code}
        </p>
      )}
      <Heading id={headingId} className="section__title">
        {content.title}
      </Heading>
      {content.text && <p className="message__text">{content.text}</p>}
      {content.action && (
        <a className="button" href={content.action.href}>
          {content.action.label}
        </a>
      )}
    </div>
  );
}

export const messageBlock = defineBlock<MessageContent>((raw) => {
  const title = readText(raw, 'title');
  if (!title) return null;
  return { title, code: readText(raw, 'code'), text: readText(raw, 'text'), action: readLink(raw, 'action') };
}, MessageSection);
