import type { BlockDefinition } from './block';
import { callToActionBlock } from './CallToActionSection';
import { contentFieldsBlock } from './ContentFieldsSection';
import { contentsBlock } from './ContentsSection';
import { featureListBlock } from './FeatureListSection';
import { formBlock } from './FormSection';
import { heroBlock } from './HeroSection';
import { mediaBlock } from './MediaSection';
import { messageBlock } from './MessageSection';
import { navigationBlock } from './NavigationSection';
import { richTextBlock } from './RichTextSection';

/**
 * Section components by block name (the BLOCKS registry of @cms/contracts). The page mapping
 * turns an `element` section into the block of the element it places, so `element` needs no
 * component of its own. `message` is the site's own, for not-found and guarded pages; `content-fields` too, for
 * the fields of a content's page.
 */
const BLOCKS: Readonly<Record<string, BlockDefinition>> = {
  richtext: richTextBlock,
  hero: heroBlock,
  media: mediaBlock,
  form: formBlock,
  contents: contentsBlock,
  cta: callToActionBlock,
  'feature-list': featureListBlock,
  navigation: navigationBlock,
  message: messageBlock,
  'content-fields': contentFieldsBlock,
};

export function blockFor(name: string): BlockDefinition | undefined {
  return Object.hasOwn(BLOCKS, name) ? BLOCKS[name] : undefined;
}

export type { BlockDefinition, BlockProps, FormState, PreparedSection, RenderContext } from './block';
