import { readList, readText } from '../content';
import { defineBlock, type BlockProps, SectionTitle } from './block';

export interface FeatureListContent {
  title?: string;
  items: { title: string; text?: string }[];
}

function FeatureListSection({ content, Heading, headingId }: BlockProps<FeatureListContent>) {
  return (
    <div className="container">
      <SectionTitle Heading={Heading} id={headingId} title={content.title} />
      <ul className="features">
        {content.items.map((item, index) => (
          <li className="feature" key={index}>
            <span className="feature__index" aria-hidden="true">
              {String(index + 1).padStart(2, '0')}
            </span>
            <h3 className="feature__title">{item.title}</h3>
            {item.text && <p className="feature__text">{item.text}</p>}
          </li>
        ))}
      </ul>
    </div>
  );
}

export const featureListBlock = defineBlock<FeatureListContent>((raw) => {
  const items = readList(raw, 'items').flatMap((item) => {
    const title = readText(item, 'title');
    return title ? [{ title, text: readText(item, 'text') }] : [];
  });
  if (items.length === 0) return null;
  return { title: readText(raw, 'title'), items };
}, FeatureListSection);
