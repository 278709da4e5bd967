import { messagesFor } from '../../i18n/messages';
import { readText } from '../content';
import { MediaView, readMedia, type MediaModel } from '../media';
import { defineBlock, type BlockProps } from './block';

interface MediaContent {
  media: MediaModel;
  caption?: string;
}

function MediaSection({ content, context, eager }: BlockProps<MediaContent>) {
  return (
    <figure className="container media-block">
      <MediaView
        className="media-block__item"
        media={content.media}
        sizes="(min-width: 72rem) 72rem, calc(100vw - 2.5rem)"
        eager={eager}
        downloadLabel={messagesFor(context.locale).media.download}
      />
      {content.caption && <figcaption className="media-block__caption">{content.caption}</figcaption>}
    </figure>
  );
}

export const mediaBlock = defineBlock<MediaContent>(
  (raw) => {
    const media = readMedia(raw.media);
    return media ? { media, caption: readText(raw, 'caption') } : null;
  },
  MediaSection,
  () => false,
);
