import { messagesFor } from '../../i18n/messages';
import { readLink, readText, type LinkContent } from '../content';
import { MediaView, readMedia, type MediaModel } from '../media';
import { defineBlock, type BlockProps } from './block';

export interface HeroContent {
  eyebrow?: string;
  title: string;
  subtitle?: string;
  text?: string;
  action?: LinkContent;
  media?: MediaModel;
}

function HeroSection({ content, Heading, headingId, context, eager }: BlockProps<HeroContent>) {
  return (
    <div className={`container hero${content.media ? ' hero--media' : ''}`}>
      <div className="hero__body">
        {content.eyebrow && <p className="eyebrow">{content.eyebrow}</p>}
        <Heading id={headingId} className="hero__title">
          {content.title}
        </Heading>
        {content.subtitle && <p className="hero__subtitle">{content.subtitle}</p>}
        {content.text && <p className="hero__text">{content.text}</p>}
        {content.action && (
          <a className="button" href={content.action.href}>
            {content.action.label}
            <span aria-hidden="true">→</span>
          </a>
        )}
      </div>
      {content.media && (
        <div className="hero__media">
          <MediaView
            media={content.media}
            sizes="(min-width: 64rem) 34rem, calc(100vw - 2.5rem)"
            eager={eager}
            downloadLabel={messagesFor(context.locale).media.download}
          />
        </div>
      )}
    </div>
  );
}

export const heroBlock = defineBlock<HeroContent>((raw) => {
  const title = readText(raw, 'title');
  if (!title) return null;
  return {
    title,
    eyebrow: readText(raw, 'eyebrow'),
    subtitle: readText(raw, 'subtitle'),
    text: readText(raw, 'text'),
    action: readLink(raw, 'action'),
    media: readMedia(raw.media),
  };
}, HeroSection);
