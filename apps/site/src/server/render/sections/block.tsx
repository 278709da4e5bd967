import type { Lang } from '@cms/contracts';
import type { ReactNode } from 'react';
import type { SectionModel } from '../../pages/page-model';
import { asContent, type Content } from '../content';

/** What a form shows after a submission without JavaScript: the values sent back, the refusals, a message. */
export interface FormState {
  /** The DOM id of the section whose form was sent. */
  sectionId: string;
  values: Record<string, string | string[]>;
  /** Refusals by field name (the fields' warningMessages). */
  errors: Record<string, string[]>;
  message?: { kind: 'success' | 'error'; text: string };
}

/** What every block of a page shares. */
export interface RenderContext {
  locale: Lang;
  /** The page's own address (`/fr/contact`): where its forms post without JavaScript. */
  pageHref: string;
  form?: FormState;
}

export interface BlockProps<C> {
  content: C;
  section: SectionModel;
  /** The page's first titled section carries its h1, the others h2. */
  Heading: 'h1' | 'h2';
  headingId: string;
  context: RenderContext;
  /** False below the fold: images load lazily. */
  eager: boolean;
}

/** A section's title, when it has one, as its heading (which labels the section). */
export function SectionTitle({ Heading, id, title }: { Heading: 'h1' | 'h2'; id: string; title: string | undefined }) {
  return title ? (
    <Heading id={id} className="section__title">
      {title}
    </Heading>
  ) : null;
}

/** A section whose content was read: whether it shows a title (and so can label the section), and how to draw it. */
export interface PreparedSection {
  section: SectionModel;
  titled: boolean;
  render(options: { Heading: 'h1' | 'h2'; context: RenderContext; eager: boolean }): ReactNode;
}

export interface BlockDefinition {
  /** Reads the section's content; null when it is unusable (the section is left out). */
  prepare(section: SectionModel): PreparedSection | null;
}

export const headingIdOf = (section: SectionModel) => `${section.id}-title`;

/** A block reads its JSON content into typed props, then renders them. */
export function defineBlock<C>(
  parse: (content: Content) => C | null,
  Component: (props: BlockProps<C>) => ReactNode,
  titled: (content: C) => boolean = (content) => typeof (content as { title?: unknown }).title === 'string',
): BlockDefinition {
  return {
    prepare(section) {
      const raw = asContent(section.content);
      const content = raw ? parse(raw) : null;
      if (content === null) return null;
      return {
        section,
        titled: titled(content),
        render: ({ Heading, context, eager }) => (
          <Component content={content} section={section} Heading={Heading} headingId={headingIdOf(section)} context={context} eager={eager} />
        ),
      };
    },
  };
}
